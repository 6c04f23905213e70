import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@reframe/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser, requireVerifiedUser } from '../../auth/guards';
import { AppError } from '../../platform/http/app-error';
import { refuseOversizedUploadBody } from './upload-body-limit';
import { diskFullAsAppError, type UploadQuota } from './upload-quota';
import type { UploadSlots } from './upload-slots';
import type { IncomingFile, UploadsService } from './uploads.service';

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String(error.code)
    : undefined;
}

/** The client went away before the body arrived (closed the tab, lost the network, timed out). */
function clientAborted(request: FastifyRequest): boolean {
  return !request.raw.complete && (request.raw.destroyed || request.raw.socket.destroyed);
}

export function translateMultipartError(request: FastifyRequest, error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (clientAborted(request)) {
    request.log.info({ reqId: request.id }, 'upload aborted by the client');
    return new AppError('UPLOAD_ABORTED', 400, { cause: error });
  }
  const code = errorCode(error);
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('UPLOAD_TOO_LARGE', 413, { cause: error });
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT') {
    return new AppError('UPLOAD_TOO_MANY_FILES', 400, { cause: error });
  }
  if (code?.startsWith('FST_')) return new AppError('UPLOAD_NO_FILE', 400, { cause: error });
  // What busboy itself refuses: a boundary over 256 characters, a body cut mid-part, ...
  return new AppError('UPLOAD_MALFORMED', 400, { cause: error });
}

/**
 * Reads the one part named `file`, at most 10 MB. A second part, any other part, a malformed
 * body or one the client abandons is refused before anything is stored.
 */
async function readFilePart(request: FastifyRequest): Promise<IncomingFile> {
  try {
    let file: IncomingFile | undefined;
    const parts = request.parts({
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 1 },
    });
    for await (const part of parts) {
      if (part.type !== 'file' || part.fieldname !== 'file') {
        throw new AppError('UPLOAD_NO_FILE', 400);
      }
      const bytes = await part.toBuffer();
      file = { filename: part.filename, mimetype: part.mimetype, bytes: new Uint8Array(bytes) };
    }
    if (!file) throw new AppError('UPLOAD_NO_FILE', 400);
    return file;
  } catch (error) {
    throw translateMultipartError(request, error);
  }
}

export function uploadsRoutes(deps: {
  uploadsService: UploadsService;
  quota: UploadQuota;
  slots: UploadSlots;
}) {
  const { uploadsService, quota, slots } = deps;
  return async function uploads(app: FastifyInstance) {
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES } });

    /** Size, slots and quotas are checked before the body is read, so a refusal costs nothing. */
    const guards = { onRequest: refuseOversizedUploadBody, preHandler: requireVerifiedUser };
    app.post('/api/uploads', guards, async (request, reply) => {
      const userId = currentUser(request).id;
      const release = slots.acquire(userId);
      try {
        await quota.admit(userId);
        const file = await readFilePart(request);
        const result = await uploadsService.upload(userId, file);
        return reply.status(201).send(result);
      } catch (error) {
        throw diskFullAsAppError(error);
      } finally {
        release();
      }
    });
  };
}
