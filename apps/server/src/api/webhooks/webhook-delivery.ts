import { randomUUID } from 'node:crypto';
import { API_HEADERS, type Expansion } from '@reframe/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { JobQueue } from '../../adapters/queue/job-queue';
import type { Clock } from '../../platform/clock/clock';
import { toIsoString } from '../../platform/db/column-types';
import type { DB } from '../../platform/db/types';
import type { JobHandler } from '../../platform/jobs/job-catalogue';
import { signWebhook } from '../../platform/http/standard-webhooks';
import {
  claimAttempt,
  findDelivery,
  insertDelivery,
  listOpenDeliveries,
  recordAttempt,
} from './api-webhooks.repo';
import type { ApiWebhookDeliveryRow } from './api-webhooks.tables';
import { safePost, type Resolve } from './safe-fetch';
import { nextAttemptAt } from './webhook-backoff';
import { webhookSecretFor } from './webhook-secret';

export interface ScheduleDeps {
  db: Kysely<DB>;
  queue: JobQueue;
  clock: Clock;
}

export interface DeliveryDeps extends ScheduleDeps {
  log: FastifyBaseLogger;
  /** Refuses loopback receivers and plain http (safe-fetch.ts). */
  production: boolean;
  /** Tests: a DNS answer of their own. */
  resolve?: Resolve;
}

/** One job per attempt, so a retry can be queued while the attempt before it finishes. */
function enqueueAttempt(deps: ScheduleDeps, deliveryId: string, attempt: number, at: Date) {
  return deps.queue.enqueue(
    { name: 'ApiWebhookDeliver', data: { deliveryId } },
    {
      key: `ApiWebhookDeliver:${deliveryId}:${attempt}`,
      // Deliveries have a lane of their own (job-catalogue.ts): no image job is behind them.
      priority: 0,
      delayMs: Math.max(0, at.getTime() - deps.clock.now().getTime()),
    },
  );
}

/**
 * Called when an expansion made with a `webhook_url` settles (api-server's `onExpansionSettled`):
 * records the delivery of its final body and queues the first attempt, at once.
 */
export async function scheduleExpansionWebhook(
  deps: ScheduleDeps,
  args: { accountUserId: string; webhookUrl: string; expansion: Expansion },
): Promise<string> {
  const id = `msg_${randomUUID().replaceAll('-', '')}`;
  const now = deps.clock.now();
  await insertDelivery(deps.db, {
    id,
    accountUserId: args.accountUserId,
    expansionId: args.expansion.id,
    url: args.webhookUrl,
    body: JSON.stringify(args.expansion),
    now,
  });
  await enqueueAttempt(deps, id, 1, now);
  return id;
}

/** The next step of a delivery whose attempt failed: another attempt, or giving up. */
function afterFailure(
  delivery: ApiWebhookDeliveryRow,
  now: Date,
): { nextAttemptAt: Date } | { gaveUpAt: Date } {
  const failed = delivery.attempts + 1;
  const next = nextAttemptAt(new Date(toIsoString(delivery.created_at)), failed, now);
  return next ? { nextAttemptAt: next } : { gaveUpAt: now };
}

/**
 * ApiWebhookDeliver: one attempt of a due, open delivery, signed with the account's current
 * secret and a fresh timestamp under the delivery's stable `webhook-id`. Every attempt is logged;
 * a failure is retried with backoff until the retry window ends. A job for an attempt that is
 * not due, already made or settled does nothing.
 */
export function createWebhookDeliveryHandler(deps: DeliveryDeps): JobHandler<'ApiWebhookDeliver'> {
  const { db, clock, log } = deps;
  return async ({ deliveryId }, signal) => {
    const delivery = await findDelivery(db, deliveryId);
    if (!delivery) return 'skipped';
    const startedAt = clock.now();
    if (!(await claimAttempt(db, deliveryId, delivery.attempts, startedAt))) return 'skipped';
    const startedMs = performance.now();
    const secret = await webhookSecretFor(db, delivery.account_user_id, clock);
    const timestamp = Math.floor(startedAt.getTime() / 1000);
    const result = await safePost(
      delivery.url,
      delivery.body,
      {
        'content-type': 'application/json',
        [API_HEADERS.webhookId]: delivery.id,
        [API_HEADERS.webhookTimestamp]: String(timestamp),
        [API_HEADERS.webhookSignature]: signWebhook(secret, delivery.id, timestamp, delivery.body),
      },
      { production: deps.production, signal, ...(deps.resolve ? { resolve: deps.resolve } : {}) },
    );
    const now = clock.now();
    const outcome = {
      attemptedAt: startedAt,
      status: result.status,
      error: result.error,
      durationMs: Math.round(performance.now() - startedMs),
    };
    const attempt = delivery.attempts + 1;
    const context = { deliveryId, expansionId: delivery.expansion_id, attempt };
    if (result.error === null) {
      await recordAttempt(db, deliveryId, outcome, { deliveredAt: now });
      log.info({ ...context, status: result.status }, 'webhook delivered');
      return 'succeeded';
    }
    const next = afterFailure(delivery, now);
    await recordAttempt(db, deliveryId, outcome, next);
    log.warn({ ...context, status: result.status, reason: result.error }, 'webhook attempt failed');
    if ('nextAttemptAt' in next)
      await enqueueAttempt(deps, deliveryId, attempt + 1, next.nextAttemptAt);
    return 'failed';
  };
}

/**
 * Queues the next attempt of every open delivery: the in-process queue keeps its jobs in memory,
 * so a restart would otherwise leave them waiting for ever.
 */
export async function resumeOpenDeliveries(deps: ScheduleDeps): Promise<void> {
  for (const open of await listOpenDeliveries(deps.db)) {
    const at = new Date(toIsoString(open.next_attempt_at));
    await enqueueAttempt(deps, open.id, open.attempts + 1, at);
  }
}
