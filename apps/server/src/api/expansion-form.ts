import {
  apiFieldErrors,
  errorMessages,
  expansionFieldsSchema,
  expansionFormFields,
  MAX_UPLOAD_BYTES,
  type ApiRequestField,
  type ErrorCode,
  type ExpansionFields,
} from '@reframe/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../platform/http/app-error';
import { translateMultipartError } from '../resizer/uploads/uploads.routes';
import type { IncomingFile } from '../resizer/uploads/uploads.service';
import { FieldError } from './v1-errors';

/** Text fields one POST may carry: every ratio and size asked for, and the options. */
const MAX_FIELDS = 64;
const REPEATED = new Set(['ratio', 'size']);
const FIELDS = new Set<string>(expansionFormFields);

function isField(name: unknown): name is ApiRequestField {
  return typeof name === 'string' && FIELDS.has(name);
}

function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(errorMessages, value);
}

/**
 * The form's fields, or a 400 naming the first field at fault (issue 41). A custom issue carries
 * a catalogue code: a value past a limit, or one output asked for twice.
 */
function parseFields(raw: Record<string, string | string[]>): ExpansionFields {
  const result = expansionFieldsSchema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path[0];
  const code = issue?.code === 'custom' && isErrorCode(issue.message) ? issue.message : null;
  if (!isField(field)) throw new AppError(code ?? 'INVALID_REQUEST', 400);
  throw new FieldError(
    field,
    code ? apiFieldErrors.refused(field, code) : apiFieldErrors.invalid(field),
  );
}

/**
 * Reads POST /v1/expansions' multipart body: the one file part named `image` (the app's 10 MB
 * limit and refusals) and the text fields, `ratio` and `size` repeatable, any other once. A part
 * of another name, or a field given twice, is refused by its name.
 */
export async function readExpansionForm(
  request: FastifyRequest,
): Promise<{ file: IncomingFile; fields: ExpansionFields }> {
  let file: IncomingFile | undefined;
  const raw: Record<string, string | string[]> = { ratio: [], size: [] };
  try {
    const parts = request.parts({
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: MAX_FIELDS, parts: MAX_FIELDS + 2 },
    });
    for await (const part of parts) {
      const name = part.fieldname;
      if (!isField(name)) throw new FieldError(name, apiFieldErrors.unknown(name));
      if (part.type === 'file') {
        if (name !== 'image') throw new FieldError(name, apiFieldErrors.invalid(name));
        if (file) throw new FieldError(name, apiFieldErrors.repeated(name));
        const bytes = await part.toBuffer();
        file = { filename: part.filename, mimetype: part.mimetype, bytes: new Uint8Array(bytes) };
        continue;
      }
      const list = raw[name];
      if (REPEATED.has(name) && Array.isArray(list)) list.push(String(part.value));
      else if (name in raw) throw new FieldError(name, apiFieldErrors.repeated(name));
      else if (name === 'image') throw new FieldError(name, apiFieldErrors.invalid(name));
      else raw[name] = String(part.value);
    }
  } catch (error) {
    throw translateMultipartError(request, error);
  }
  if (!file) throw new FieldError('image', apiFieldErrors.invalid('image'));
  return { file, fields: parseFields(raw) };
}
