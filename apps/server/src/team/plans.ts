import type { Plan } from '@reframe/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/types';
import { ownPlan } from '../billing/own-plan';
import { chargeFor } from './team-access';

/**
 * Whose plan a feature follows (README, "Whose plan counts"):
 * - `payer`: whoever pays for the user's runs, the pool's owner while they spend a team's pool
 *   (`chargeFor`), else the user. The queue place, the ratios running at once and bulk
 *   processing follow the payer: a member on Free spending an Expert pool runs as Expert.
 * - `self`: the user's own subscription. A team's seats (its owner's), and API keys outside a
 *   team; inside one, the team role decides (`api/api-access.ts`).
 */
export type PlanHolder = 'payer' | 'self';

/**
 * The one read of a user's plan outside billing's own subscription code: every feature asks it
 * here, saying whose plan counts. Pass the transaction the caller is in.
 */
export async function planFor(db: Kysely<DB>, userId: string, whose: PlanHolder): Promise<Plan> {
  const holderId = whose === 'payer' ? (await chargeFor(db, userId)).payerId : userId;
  return ownPlan(db, holderId);
}

/**
 * A job's place in the queue, from the plan of whoever pays for the user's run when it is
 * enqueued (the catalogue's `processing.queuePriority`): Expert's jobs run before Growth's,
 * Growth's before Starter's and Free's (which share the lowest).
 */
export async function jobPriorityFor(db: Kysely<DB>, userId: string): Promise<number> {
  return (await planFor(db, userId, 'payer')).processing.queuePriority;
}
