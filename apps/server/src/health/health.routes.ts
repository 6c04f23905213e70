import type { HealthResponse } from '@reframe/shared';
import type { Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { DB } from '../platform/db/types';
import { pingForHealth } from './health.repo';

export function healthRoutes({ db }: { db: Kysely<DB> }) {
  return function register(app: FastifyInstance) {
    app.get('/api/health', async (request, reply): Promise<HealthResponse> => {
      try {
        await pingForHealth(db);
        return { status: 'ok', database: 'ok' };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable');
        return reply.status(503).send({ status: 'unavailable', database: 'unavailable' });
      }
    });
  };
}
