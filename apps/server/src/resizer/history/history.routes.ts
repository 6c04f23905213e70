import { historyQuerySchema } from '@reframe/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireVerifiedUser } from '../../auth/guards';
import { parseInput } from '../../platform/http/parse';
import type { HistoryService } from './history.service';

export function historyRoutes(deps: { historyService: HistoryService }) {
  const { historyService } = deps;
  return function history(app: FastifyInstance) {
    app.get('/api/history', { preHandler: requireVerifiedUser }, async (request) => {
      const query = parseInput(historyQuerySchema, request.query);
      return historyService.list(currentUser(request).id, query);
    });

    app.get<{ Params: { id: string } }>(
      '/api/history/:id',
      { preHandler: requireVerifiedUser },
      async (request) => historyService.get(currentUser(request).id, request.params.id),
    );

    app.delete<{ Params: { id: string } }>(
      '/api/history/:id',
      { preHandler: requireVerifiedUser },
      async (request, reply) => {
        await historyService.remove(currentUser(request).id, request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
