import { createApiKeyBodySchema } from '@reframe/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireVerifiedUser } from '../auth/guards';
import { parseInput } from '../platform/http/parse';
import type { ApiKeysService } from './api-keys.service';

/** GET, POST /api/api-keys and DELETE /api/api-keys/:id: Settings' keys (session cookie). */
export function apiKeysRoutes(deps: { apiKeysService: ApiKeysService }) {
  const { apiKeysService } = deps;
  return function apiKeys(app: FastifyInstance) {
    app.get('/api/api-keys', { preHandler: requireVerifiedUser }, async (request) =>
      apiKeysService.list(currentUser(request).id),
    );

    app.post('/api/api-keys', { preHandler: requireVerifiedUser }, async (request, reply) => {
      const body = parseInput(createApiKeyBodySchema, request.body);
      return reply.status(201).send(await apiKeysService.create(currentUser(request).id, body));
    });

    app.delete<{ Params: { id: string } }>(
      '/api/api-keys/:id',
      { preHandler: requireVerifiedUser },
      async (request, reply) => {
        await apiKeysService.revoke(currentUser(request).id, request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
