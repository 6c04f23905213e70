import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorMessages } from '@reframe/shared';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app (apps/web/dist) with an SPA fallback: any GET outside /api that is not
 * a file answers index.html. Without a build (tests, API-only runs) unknown paths answer 404 JSON.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const built = existsSync(join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false });
  } else {
    app.log.warn({ distDir }, 'web app not built; serving the API only (run npm run build)');
  }
  app.setNotFoundHandler((request, reply) => {
    if (built && request.method === 'GET' && !request.url.startsWith('/api/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ code: 'NOT_FOUND', message: errorMessages.NOT_FOUND });
  });
}
