import { errorMessages } from '@reframe/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { JobQueue } from '../adapters/queue/job-queue';
import { toIsoString } from '../platform/db/column-types';
import type { DB } from '../platform/db/types';
import { failAndRefund } from './predictions/prediction-settlement';
import { listStaleQueued, listUnsettledForRecovery } from './predictions/predictions.repo';
import { jobPriorityFor } from '../team/plans';

/**
 * A job that has already been started this many times (each crash is one) is given up: at start
 * on SQLite, and by pg-boss's retry limit and dead-letter path on PostgreSQL.
 */
export const MAX_ATTEMPTS = 3;

/**
 * At start, for the in-process queue (SQLite, one process): every prediction left `starting` or `processing` by a crash or restart is queued
 * again, unless it is older than `staleAfterMs` or has used its attempts, in which case it
 * fails and its credit is refunded. None stays unsettled.
 */
export async function recoverPredictions(deps: {
  db: Kysely<DB>;
  queue: JobQueue;
  log: FastifyBaseLogger;
  staleAfterMs: number;
  /** Told of each prediction failed here, as a job's settlement is (the API's expansions). */
  onFailed?: (predictionId: string) => Promise<void>;
  now?: Date;
}): Promise<{ resumed: number; failed: number }> {
  const { db, queue, log, staleAfterMs } = deps;
  const now = deps.now ?? new Date();
  let resumed = 0;
  let failed = 0;
  for (const row of await listUnsettledForRecovery(db)) {
    const age = now.getTime() - new Date(toIsoString(row.created_at)).getTime();
    if (age > staleAfterMs || row.attempts >= MAX_ATTEMPTS) {
      if (await failAndRefund(db, row, errorMessages.JOB_TIMED_OUT, now)) {
        failed++;
        await deps.onFailed?.(row.id);
      }
    } else if (row.run_id === null || row.queued_at !== null) {
      await queue.enqueue(
        { name: 'PredictionRun', data: { predictionId: row.id } },
        { key: row.id, priority: await jobPriorityFor(db, row.user_id) },
      );
      resumed++;
    }
  }
  if (resumed + failed > 0) log.info({ resumed, failed }, 'recovered unsettled predictions');
  return { resumed, failed };
}

/**
 * On the shared queue (pg-boss), where no start may touch running jobs: a prediction marked
 * queued but never started for longer than `staleAfterMs` has lost its job; it fails and its
 * credit is refunded (a job that turns up later finds it settled and does nothing).
 */
export async function refundStaleQueued(deps: {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  staleAfterMs: number;
  /** Told of each prediction failed here, as a job's settlement is (the API's expansions). */
  onFailed?: (predictionId: string) => Promise<void>;
  now?: Date;
}): Promise<number> {
  const now = deps.now ?? new Date();
  const before = new Date(now.getTime() - deps.staleAfterMs);
  let failed = 0;
  for (const row of await listStaleQueued(deps.db, before)) {
    if (await failAndRefund(deps.db, row, errorMessages.JOB_TIMED_OUT, now)) {
      failed++;
      await deps.onFailed?.(row.id);
    }
  }
  if (failed > 0) deps.log.info({ failed }, 'refunded predictions that lost their queued job');
  return failed;
}
