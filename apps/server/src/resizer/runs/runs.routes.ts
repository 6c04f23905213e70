import { createRunBodySchema } from '@reframe/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireVerifiedUser } from '../../auth/guards';
import { parseInput } from '../../platform/http/parse';
import type { RunsService } from './runs.service';

/** POST /api/runs: several photos and outputs in one run, paid for up front (issue 15). */
export function runsRoutes(deps: { runsService: RunsService }) {
  const { runsService } = deps;
  return function runs(app: FastifyInstance) {
    app.post('/api/runs', { preHandler: requireVerifiedUser }, async (request, reply) => {
      const body = parseInput(createRunBodySchema, request.body);
      const run = await runsService.create(currentUser(request).id, body);
      return reply.status(202).send(run);
    });
  };
}
