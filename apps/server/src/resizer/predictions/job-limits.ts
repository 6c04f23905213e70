import { errorMessages } from '@reframe/shared';
import type { Kysely } from 'kysely';
import type { LimitsConfig } from '../../platform/config/limits-config';
import type { DB } from '../../platform/db/types';
import { AppError } from '../../platform/http/app-error';
import { countActiveJobs, countRecentFailures } from './predictions.repo';

type Db = Kysely<DB>;

/**
 * Refuses a new prediction (429) when the user already has `maxActivePerUser` jobs queued or
 * running, or when `timeoutsPerHour` of their jobs timed out within the window. Call it inside
 * the transaction that takes the credit, after the credit's update: that update holds the
 * user's profile row locked (PostgreSQL) or the write lock (SQLite) until commit, so concurrent
 * requests of one user are counted one after another, and a refusal rolls the credit back.
 */
export async function assertCanStartJob(
  trx: Db,
  userId: string,
  limits: LimitsConfig['jobs'],
  now: Date,
): Promise<void> {
  if ((await countActiveJobs(trx, userId)) >= limits.maxActivePerUser) {
    throw new AppError('TOO_MANY_ACTIVE_JOBS', 429);
  }
  await assertNotThrottled(trx, userId, limits, now);
}

/** The time-out half of `assertCanStartJob`, for a bulk run, whose jobs wait their turn instead. */
export async function assertNotThrottled(
  trx: Db,
  userId: string,
  limits: LimitsConfig['jobs'],
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - limits.timeoutWindowMs);
  if (
    (await countRecentFailures(trx, userId, errorMessages.JOB_TIMED_OUT, since)) >=
    limits.timeoutsPerHour
  ) {
    throw new AppError('JOBS_THROTTLED', 429);
  }
}
