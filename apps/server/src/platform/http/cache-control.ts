import type { FastifyInstance } from 'fastify';

/**
 * Every answer of the API is about the signed-in user or may be: no cache, shared or the
 * browser's, keeps it (`no-store`). A route whose answer may be kept sets its own Cache-Control
 * (files/files.routes.ts). The route the router matched is checked, so `/%61pi/me` is covered.
 */
export function registerApiCacheControl(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.routeOptions.url?.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      void reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
