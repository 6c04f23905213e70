import { planOf, type Plan } from '@reframe/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/types';
import { findPlanId } from './billing.repo';

/**
 * A user's own subscription's plan, Free without one. Features ask `planFor` (team/plans.ts),
 * which says whose plan counts; billing reads it here for its own screens.
 */
export async function ownPlan(db: Kysely<DB>, userId: string): Promise<Plan> {
  return planOf(await findPlanId(db, userId));
}
