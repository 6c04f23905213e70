import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@reframe/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser, requireVerifiedUser } from '../auth/guards';
import { AppError } from '../http/app-error';
import type { IncomingFile, UploadsService } from './uploads.service';

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String(error.code)
    : undefined;
}

/** Reads the one part named `file`, at most 10 MB; anything else is refused before storing. */
async function readFilePart(request: FastifyRequest): Promise<IncomingFile> {
  try {
    const part = await request.file({
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 1 },
    });
    if (!part || part.fieldname !== 'file') throw new AppError('UPLOAD_NO_FILE', 400);
    const bytes = await part.toBuffer();
    return { filename: part.filename, mimetype: part.mimetype, bytes: new Uint8Array(bytes) };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (errorCode(error) === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('UPLOAD_TOO_LARGE', 413, { cause: error });
    }
    if (errorCode(error)?.startsWith('FST_')) {
      throw new AppError('UPLOAD_NO_FILE', 400, { cause: error });
    }
    throw error;
  }
}

export function uploadsRoutes(deps: { uploadsService: UploadsService }) {
  return async function uploads(app: FastifyInstance) {
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES } });

    app.post('/api/uploads', { preHandler: requireVerifiedUser }, async (request, reply) => {
      const file = await readFilePart(request);
      const result = await deps.uploadsService.upload(currentUser(request).id, file);
      return reply.status(201).send(result);
    });
  };
}
