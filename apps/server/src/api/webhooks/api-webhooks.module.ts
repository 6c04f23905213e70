import type { FastifyInstance } from 'fastify';
import { webhookSecretRoutes } from './webhook-secret.routes';
import {
  createWebhookDeliveryHandler,
  resumeOpenDeliveries,
  scheduleExpansionWebhook,
  type DeliveryDeps,
} from './webhook-delivery';
import type { Expansion } from '@reframe/shared';
import type { JobHandlers } from '../../platform/jobs/job-catalogue';

/** Signed webhooks of the public API: the secret's routes, the delivery job and its recovery. */
export function createApiWebhooks(deps: DeliveryDeps) {
  const plugin: (app: FastifyInstance) => void = webhookSecretRoutes(deps);
  return {
    plugin,
    /** The queue's handler of the webhooks' job (app.ts starts the queue with every domain's). */
    jobs: {
      ApiWebhookDeliver: createWebhookDeliveryHandler(deps),
    } satisfies Pick<JobHandlers, 'ApiWebhookDeliver'>,
    /**
     * An expansion with a webhook settled: its delivery is recorded and its first attempt queued,
     * or recorded as skipped past the account's cap of pending deliveries.
     */
    deliverSettled: async (
      expansion: Expansion,
      target: { accountUserId: string; webhookUrl: string },
    ): Promise<void> => {
      const { id, skipped } = await scheduleExpansionWebhook(deps, { ...target, expansion });
      if (skipped) {
        deps.log.warn(
          { deliveryId: id, expansionId: expansion.id, accountUserId: target.accountUserId },
          'webhook delivery skipped: the account has too many pending',
        );
      }
    },
    /**
     * When a process that runs jobs starts: the open deliveries' next attempts, queued again in
     * case a crash lost them (pg-boss keeps one job per attempt's key, and an attempt is claimed
     * once, so one already queued elsewhere is not made twice).
     */
    resume: () => resumeOpenDeliveries(deps),
  };
}
