import { isPlanId, type PlanId } from '@reframe/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import '../billing/billing.tables';

/**
 * A job's place in the queue, from its owner's plan when it is enqueued: Expert's jobs run
 * before Growth's, Growth's before Starter's and Free's (which share the lowest).
 */
export const PLAN_PRIORITY: Readonly<Record<PlanId, number>> = {
  free: 0,
  starter: 0,
  growth: 1,
  expert: 2,
};

export async function jobPriorityFor(db: Kysely<DB>, userId: string): Promise<number> {
  const account = await db
    .selectFrom('billing_account')
    .select('plan_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return isPlanId(account?.plan_id) ? PLAN_PRIORITY[account.plan_id] : PLAN_PRIORITY.free;
}
