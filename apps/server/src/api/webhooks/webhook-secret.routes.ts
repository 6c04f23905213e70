import type { WebhookSecretResponse } from '@reframe/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { currentUser, requireVerifiedUser } from '../../auth/guards';
import type { Clock } from '../../platform/clock/clock';
import type { DB } from '../../platform/db/types';
import { AppError } from '../../platform/http/app-error';
import { apiAccountFor } from '../api-access';
import { rotateWebhookSecret, webhookSecretFor } from './webhook-secret';

/**
 * The account's webhook signing secret (issue 30), for who may manage its API: an Expert
 * account, or a team's owner and admins (the team's secret). Signed-in, verified users only.
 */
export function webhookSecretRoutes(deps: { db: Kysely<DB>; clock: Clock }) {
  const { db, clock } = deps;
  const accountOf = async (request: FastifyRequest): Promise<string> => {
    const access = await apiAccountFor(db, currentUser(request).id);
    if (!access) throw new AppError('API_NOT_IN_PLAN', 403);
    return access.accountUserId;
  };
  return function webhookSecret(app: FastifyInstance) {
    const guarded = { preHandler: requireVerifiedUser };

    app.get(
      '/api/api-keys/webhook-secret',
      guarded,
      async (request): Promise<WebhookSecretResponse> => ({
        webhookSecret: await webhookSecretFor(db, await accountOf(request), clock),
      }),
    );

    app.post(
      '/api/api-keys/webhook-secret/rotate',
      guarded,
      async (request): Promise<WebhookSecretResponse> => ({
        webhookSecret: await rotateWebhookSecret(db, await accountOf(request), clock),
      }),
    );
  };
}
