import {
  errorMessages,
  expansionFieldsSchema,
  MAX_UPLOAD_BYTES,
  type ExpansionFields,
} from '@reframe/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../platform/http/app-error';
import { translateMultipartError } from '../resizer/uploads/uploads.routes';
import type { IncomingFile } from '../resizer/uploads/uploads.service';

/** Text fields one POST may carry: every ratio and size asked for, and the options. */
const MAX_FIELDS = 64;
const REPEATED = new Set(['ratio', 'size']);

function parseFields(raw: Record<string, string | string[]>): ExpansionFields {
  const result = expansionFieldsSchema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.join('.');
  const detail = [where, issue?.message].filter(Boolean).join(': ');
  throw new AppError('INVALID_REQUEST', 400, {
    message: detail ? `${errorMessages.INVALID_REQUEST}: ${detail}` : undefined,
  });
}

/**
 * Reads POST /v1/expansions' multipart body: the one file part named `image` (the app's 10 MB
 * limit and refusals) and the text fields, `ratio` and `size` repeatable, any other once.
 */
export async function readExpansionForm(
  request: FastifyRequest,
): Promise<{ file: IncomingFile; fields: ExpansionFields }> {
  let file: IncomingFile | undefined;
  const raw: Record<string, string | string[]> = { ratio: [], size: [] };
  try {
    const parts = request.parts({
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: MAX_FIELDS, parts: MAX_FIELDS + 1 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image') throw new AppError('UPLOAD_NO_FILE', 400);
        const bytes = await part.toBuffer();
        file = { filename: part.filename, mimetype: part.mimetype, bytes: new Uint8Array(bytes) };
        continue;
      }
      const value = String(part.value);
      const list = raw[part.fieldname];
      if (REPEATED.has(part.fieldname) && Array.isArray(list)) list.push(value);
      else if (part.fieldname in raw) throw new AppError('INVALID_REQUEST', 400);
      else raw[part.fieldname] = value;
    }
  } catch (error) {
    throw translateMultipartError(request, error);
  }
  if (!file) throw new AppError('UPLOAD_NO_FILE', 400);
  return { file, fields: parseFields(raw) };
}
