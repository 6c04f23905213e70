import { planOf, type Plan } from '@reframe/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/types';
import './billing.tables';

/** The owner's plan, which sets their jobs' place in the queue and how many run at once. */
async function planOfUser(db: Kysely<DB>, userId: string): Promise<Plan> {
  const account = await db
    .selectFrom('billing_account')
    .select('plan_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return planOf(account?.plan_id);
}

/**
 * A job's place in the queue, from its owner's plan when it is enqueued (the plan catalogue's
 * `processing.queuePriority`): Expert's jobs run before Growth's, Growth's before Starter's and
 * Free's (which share the lowest).
 */
export async function jobPriorityFor(db: Kysely<DB>, userId: string): Promise<number> {
  return (await planOfUser(db, userId)).processing.queuePriority;
}
