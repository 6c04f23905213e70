import { randomUUID } from 'node:crypto';
import { API_HEADERS, WEBHOOK_PENDING_PER_ACCOUNT, type Expansion } from '@reframe/shared';
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
  countPendingDeliveries,
  findDelivery,
  insertDelivery,
  listOpenDeliveries,
  lockAccountDeliveries,
  postponeAttempt,
  recordAttempt,
} from './api-webhooks.repo';
import type { ApiWebhookDeliveryRow } from './api-webhooks.tables';
import { hostBackedOffUntil, hostOf, recordHostOutcome } from './host-backoff';
import { safePost, WEBHOOK_TIMEOUT_MS, type Resolve } from './safe-fetch';
import { nextAttemptAt, retryWindowEnd } from './webhook-backoff';
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
  /** How long a receiver has to answer an attempt: WEBHOOK_TIMEOUT_MS, unless a test says. */
  attemptTimeoutMs?: number;
}

/**
 * One job per attempt and due time, so a retry or a postponed attempt can be queued while the
 * job before it finishes (and a restart's resume queues the same key again).
 */
function enqueueAttempt(deps: ScheduleDeps, deliveryId: string, attempt: number, at: Date) {
  return deps.queue.enqueue(
    { name: 'ApiWebhookDeliver', data: { deliveryId } },
    {
      key: `ApiWebhookDeliver:${deliveryId}:${attempt}:${at.getTime()}`,
      // Deliveries have a lane of their own (job-catalogue.ts): no image job is behind them.
      priority: 0,
      delayMs: Math.max(0, at.getTime() - deps.clock.now().getTime()),
    },
  );
}

/** Why a delivery past the account's cap was not sent, as its record says. */
const SKIPPED = `skipped: the account already had ${WEBHOOK_PENDING_PER_ACCOUNT} deliveries pending`;

/**
 * Called when an expansion made with a `webhook_url` settles (api-server's `onExpansionSettled`):
 * records the delivery of its final body and queues the first attempt, at once. Past the
 * account's WEBHOOK_PENDING_PER_ACCOUNT pending deliveries the new one is refused: it is
 * recorded as given up at once, never attempted, with the reason as its last error.
 */
export async function scheduleExpansionWebhook(
  deps: ScheduleDeps,
  args: { accountUserId: string; webhookUrl: string; expansion: Expansion },
): Promise<{ id: string; skipped: boolean }> {
  const id = `msg_${randomUUID().replaceAll('-', '')}`;
  const now = deps.clock.now();
  // The secret's row is the lock on the account's deliveries: it exists before the transaction.
  await webhookSecretFor(deps.db, args.accountUserId, deps.clock);
  const skipped = await deps.db.transaction().execute(async (trx) => {
    await lockAccountDeliveries(trx, args.accountUserId);
    const pending = await countPendingDeliveries(trx, args.accountUserId);
    const full = pending >= WEBHOOK_PENDING_PER_ACCOUNT;
    await insertDelivery(trx, {
      id,
      accountUserId: args.accountUserId,
      expansionId: args.expansion.id,
      url: args.webhookUrl,
      body: JSON.stringify(args.expansion),
      now,
      skipped: full ? SKIPPED : null,
    });
    return full;
  });
  if (!skipped) await enqueueAttempt(deps, id, 1, now);
  return { id, skipped };
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
  const timeoutMs = deps.attemptTimeoutMs ?? WEBHOOK_TIMEOUT_MS;

  /**
   * Null when the attempt may go now; otherwise the delivery waits for its host's backoff to
   * end, but never past its retry window's end, whose last attempt goes whatever the host did.
   */
  async function waitForHost(delivery: ApiWebhookDeliveryRow, now: Date): Promise<Date | null> {
    const windowEnd = retryWindowEnd(new Date(toIsoString(delivery.created_at)));
    if (now >= windowEnd) return null;
    const until = await hostBackedOffUntil(db, hostOf(delivery.url), now, timeoutMs);
    return until && (until < windowEnd ? until : windowEnd);
  }

  return async ({ deliveryId }, signal) => {
    const delivery = await findDelivery(db, deliveryId);
    if (!delivery || delivery.delivered_at !== null || delivery.gave_up_at !== null) {
      return 'skipped';
    }
    const startedAt = clock.now();
    if (new Date(toIsoString(delivery.next_attempt_at)) > startedAt) return 'skipped';
    const until = await waitForHost(delivery, startedAt);
    if (until) {
      if (!(await postponeAttempt(db, deliveryId, delivery.attempts, until))) return 'skipped';
      await enqueueAttempt(deps, deliveryId, delivery.attempts + 1, until);
      log.info({ deliveryId, until }, 'webhook attempt postponed: its host is backed off');
      return 'skipped';
    }
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
      {
        production: deps.production,
        signal,
        timeoutMs,
        ...(deps.resolve ? { resolve: deps.resolve } : {}),
      },
    );
    const now = clock.now();
    await recordHostOutcome(db, hostOf(delivery.url), result, now);
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
