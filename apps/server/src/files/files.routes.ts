import type { FastifyInstance } from 'fastify';
import type { Storage } from '../adapters/storage/storage';
import { currentUser, requireVerifiedUser } from '../auth/guards';
import { AppError } from '../http/app-error';
import { contentTypeOfKey, extensionOfKey } from './content-type';
import { userPrefix } from './storage-keys';

/**
 * Private to the browser of the owner, and only for a few minutes: a shared computer does not
 * keep a user's photos for long after they signed out or deleted their account.
 */
const CACHE_CONTROL = 'private, max-age=300';

/** A file opened on its own runs nothing: no script, no plugin, no form, no same-origin access. */
const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** The name a browser saves a file under: `original.jpg`, `resized-1080x1080.png`. */
export function downloadName(key: string): string {
  const [, , kind, size] = key.split('/');
  return kind === 'resized' && size && /^\d+x\d+$/.test(size)
    ? `resized-${size}.png`
    : `original${extensionOfKey(key)}`;
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
          .header('Content-Type', contentTypeOfKey(key))
          .header('Content-Length', file.size)
          .header('Cache-Control', CACHE_CONTROL)
          .header('Content-Disposition', `inline; filename="${downloadName(key)}"`)
          .header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
          .header('X-Content-Type-Options', 'nosniff')
          .send(file.stream);
      },
    );
  };
}
