import { planOf } from '@reframe/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/types';
import { findPlanIdForQueue } from './billing.repo';

/**
 * A job's place in the queue, from its owner's plan when it is enqueued (the plan catalogue's
 * `processing.queuePriority`): Expert's jobs run before Growth's, Growth's before Starter's and
 * Free's (which share the lowest).
 */
export async function jobPriorityFor(db: Kysely<DB>, userId: string): Promise<number> {
  return planOf(await findPlanIdForQueue(db, userId)).processing.queuePriority;
}
