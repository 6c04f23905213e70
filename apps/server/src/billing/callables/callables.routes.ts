import {
  callableSchemas,
  callableStatusName,
  errorMessages,
  isCallableName,
  type CallableName,
} from '@reframe/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import * as z from 'zod';
import { currentUser, requireVerifiedUser } from '../../auth/guards';
import type { BillingService } from '../billing.service';
import type { Clock } from '../../platform/clock/clock';
import type { DB } from '../../platform/db/types';
import { AppError } from '../../platform/http/app-error';
import { findUserBySessionToken } from './callables.repo';

const callableBodySchema = z.object({ data: z.unknown() });

/**
 * The brief's callables at POST /api/callables/<name>: `{ data }` in, `{ data }` out, and on
 * failure `{ error: { status, message } }` with the HTTP status of the brief's table.
 * Authenticated (signed in and verified) by the session cookie or `Authorization: Bearer <token>`.
 */
export function callableRoutes(deps: { db: Kysely<DB>; billing: BillingService; clock: Clock }) {
  const { db, billing, clock } = deps;

  async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<string> {
    const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer) {
      await requireVerifiedUser(request, reply);
      return currentUser(request).id;
    }
    const user = await findUserBySessionToken(db, bearer, clock.now());
    if (!user) throw new AppError('UNAUTHENTICATED', 401);
    if (!user.email_verified) throw new AppError('EMAIL_NOT_VERIFIED', 403);
    return user.id;
  }

  const handlers: { [N in CallableName]: (userId: string, data: never) => Promise<unknown> } = {
    getStripeConfig: () => Promise.resolve(billing.getConfig()),
    createCheckoutSession: (
      userId,
      data: z.output<typeof callableSchemas.createCheckoutSession.request>,
    ) => billing.createCheckoutSession(userId, data.planId, data.origin),
    createPortalSession: (
      userId,
      data: z.output<typeof callableSchemas.createPortalSession.request>,
    ) => billing.createPortalSession(userId, data.origin),
    trackUsage: (userId, data: z.output<typeof callableSchemas.trackUsage.request>) =>
      billing.trackUsage(userId, data.operationType),
    getUsageStats: (userId) => billing.getUsageStats(userId),
  };

  return function register(app: FastifyInstance) {
    app.setErrorHandler((error, request, reply) => {
      const known = error instanceof AppError;
      if (!known) request.log.error({ err: error, reqId: request.id }, 'callable failed');
      const status = known ? error.status : 500;
      return reply.status(status).send({
        error: {
          status: callableStatusName(status),
          message: known ? error.message : errorMessages.INTERNAL,
        },
      });
    });

    app.post<{ Params: { name: string } }>('/api/callables/:name', async (request, reply) => {
      const { name } = request.params;
      if (!isCallableName(name)) throw new AppError('NOT_FOUND', 404);
      const userId = await authenticate(request, reply);
      const body = callableBodySchema.safeParse(request.body ?? {});
      const data = body.success ? callableSchemas[name].request.safeParse(body.data.data) : null;
      if (!data?.success) throw new AppError('INVALID_REQUEST', 400);
      return { data: await handlers[name](userId, data.data as never) };
    });
  };
}
