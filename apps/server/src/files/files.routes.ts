import type { FastifyInstance } from 'fastify';
import type { Storage } from '../adapters/storage/storage';
import { currentUser, requireVerifiedUser } from '../auth/guards';
import { AppError } from '../http/app-error';
import { userPrefix } from './file-urls';

const CONTENT_TYPES: ReadonlyArray<readonly [magic: number[], type: string]> = [
  [[0x89, 0x50, 0x4e, 0x47], 'image/png'],
  [[0xff, 0xd8, 0xff], 'image/jpeg'],
  [[0x42, 0x4d], 'image/bmp'],
];

/** Every stored object is an image we wrote (PNG today); the type is read from its first bytes. */
async function sniffContentType(storage: Storage, key: string): Promise<string> {
  const head = (await storage.read(key))?.subarray(0, 4) ?? new Uint8Array();
  const match = CONTENT_TYPES.find(([magic]) => magic.every((byte, i) => head[i] === byte));
  return match?.[1] ?? 'application/octet-stream';
}

/**
 * GET /api/files/<storage key>: streams an original or a result to its owner only (the session
 * cookie, so a link opened in a new tab works). Anyone else gets the same 404 as a missing file.
 */
export function filesRoutes(deps: { storage: Storage }) {
  const { storage } = deps;
  return function files(app: FastifyInstance) {
    app.get<{ Params: { '*': string } }>(
      '/api/files/*',
      { preHandler: requireVerifiedUser },
      async (request, reply) => {
        const key = request.params['*'];
        if (!key.startsWith(userPrefix(currentUser(request).id))) {
          throw new AppError('NOT_FOUND', 404);
        }
        const file = await storage.open(key);
        if (!file) throw new AppError('NOT_FOUND', 404);
        return reply
          .header('Content-Type', await sniffContentType(storage, key))
          .header('Content-Length', file.size)
          .header('Cache-Control', 'private, max-age=31536000, immutable')
          .header('X-Content-Type-Options', 'nosniff')
          .send(file.stream);
      },
    );
  };
}
