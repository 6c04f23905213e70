import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from './openapi-document';

/** An hour: the document changes only with a deploy. */
const CACHE_SECONDS = 60 * 60;

/** GET /v1/openapi.json: the public contract of /v1, no key needed, cacheable. */
export function openApiRoutes() {
  const document = JSON.stringify(buildOpenApiDocument());
  return function openApi(app: FastifyInstance) {
    app.get('/v1/openapi.json', async (_request, reply) =>
      reply
        .header('cache-control', `public, max-age=${CACHE_SECONDS}`)
        .type('application/json; charset=utf-8')
        .send(document),
    );
  };
}
