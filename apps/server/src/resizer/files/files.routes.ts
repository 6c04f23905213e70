import type { EnginePool } from '@reframe/engine';
import { fileQuerySchema, type FileQuery } from '@reframe/shared';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Storage } from '../../adapters/storage/storage';
import { currentUser, requireVerifiedUser } from '../../auth/guards';
import type { DB } from '../../platform/db/types';
import { AppError } from '../../platform/http/app-error';
import { parseInput } from '../../platform/http/parse';
import { contentTypeOfKey, extensionOfKey } from './content-type';
import { createConversionTurns } from './conversion-turns';
import { canReadFile } from './file-access';
import { thumbnailKey } from './storage-keys';

/**
 * Private to the browser of the owner, and only for a few minutes: a shared computer does not
 * keep a user's photos for long after they signed out or deleted their account.
 */
const CACHE_CONTROL = 'private, max-age=300';

/** A file opened on its own runs nothing: no script, no plugin, no form, no same-origin access. */
const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** PNG downloads one user may have waiting for their turn (a ZIP asks for several at once). */
const MAX_WAITING_CONVERSIONS = 24;

/** The name a browser saves a file under: `original.jpg`, `resized-1080x1080.png`. */
export function downloadName(key: string, extension = extensionOfKey(key)): string {
  const [, , kind, size] = key.split('/');
  return kind === 'resized' && size && /^\d+x\d+$/.test(size)
    ? `resized-${size}${extension}`
    : `original${extension}`;
}

/**
 * GET /api/files/<storage key>: streams an original or a result to its owner only (the session
 * cookie, so a link opened in a new tab works), or, for a team's run, to the team's members. Anyone else gets the same 404 as a missing file.
 * `?size=thumb|preview` answers its thumbnail (the file itself when it has none: stored before
 * thumbnails); `?format=png` answers it as PNG, converted on a worker when it is stored as
 * something else.
 */
export function filesRoutes(deps: {
  db: Kysely<DB>;
  storage: Storage;
  codecs: Pick<EnginePool, 'convertToPng'>;
}) {
  const { db, storage, codecs } = deps;
  const inTurn = createConversionTurns(MAX_WAITING_CONVERSIONS);

  async function thumbnailOrFile(key: string, size: NonNullable<FileQuery['size']>) {
    const thumbnail = thumbnailKey(key, size);
    const file = await storage.open(thumbnail);
    return file ? { key: thumbnail, file } : { key, file: await storage.open(key) };
  }

  return function files(app: FastifyInstance) {
    app.get<{ Params: { '*': string } }>(
      '/api/files/*',
      { preHandler: requireVerifiedUser },
      async (request, reply) => {
        const key = request.params['*'];
        const userId = currentUser(request).id;
        // A team run's files are for the members who see it in history (issue 26).
        if (!(await canReadFile(db, userId, key))) {
          throw new AppError('NOT_FOUND', 404);
        }
        const query = parseInput(fileQuerySchema, request.query);
        reply
          .header('Cache-Control', CACHE_CONTROL)
          .header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
          .header('X-Content-Type-Options', 'nosniff');
        if (query.format === 'png' && contentTypeOfKey(key) !== 'image/png') {
          const png = await inTurn(userId, async () => {
            const bytes = await storage.read(key);
            return bytes && codecs.convertToPng(bytes);
          });
          if (!png) throw new AppError('NOT_FOUND', 404);
          return reply
            .header('Content-Type', 'image/png')
            .header('Content-Disposition', `inline; filename="${downloadName(key, '.png')}"`)
            .send(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
        }
        const served = query.size
          ? await thumbnailOrFile(key, query.size)
          : { key, file: await storage.open(key) };
        if (!served.file) throw new AppError('NOT_FOUND', 404);
        return reply
          .header('Content-Type', contentTypeOfKey(served.key))
          .header('Content-Length', served.file.size)
          .header('Content-Disposition', `inline; filename="${downloadName(served.key)}"`)
          .send(served.file.stream);
      },
    );
  };
}
