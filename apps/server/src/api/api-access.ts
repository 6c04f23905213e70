import type { Kysely } from 'kysely';
import { planFor } from '../team/plans';
import type { DB } from '../platform/db/types';
import { activeMembership, activeOwnedTeamId } from '../team/team-access';

/**
 * Whose API a user manages (issue 30): keys and the webhook secret belong to the account that
 * pays for what they make. Inside an active team that is the team (its owner's balance), and only
 * its owner and admins may manage them; outside one, an account whose plan has API keys.
 */
export interface ApiAccount {
  /** The account whose credits the keys spend: the team's owner inside a team. */
  accountUserId: string;
  teamId: string | null;
}

export async function apiAccountFor(db: Kysely<DB>, userId: string): Promise<ApiAccount | null> {
  const membership = await activeMembership(db, userId);
  if (membership) {
    if (membership.role === 'member') return null;
    return { accountUserId: membership.ownerUserId, teamId: membership.teamId };
  }
  if (!(await planFor(db, userId, 'self')).apiKeys) return null;
  return { accountUserId: userId, teamId: await activeOwnedTeamId(db, userId) };
}

/**
 * Whether a key still stands for its maker's rights (issue 39), asked on every /v1 call and again
 * inside a run's transaction: the account its maker manages now must be the key's. A removed or
 * demoted admin, a team member (whose own keys would otherwise spend the pool) and a plan
 * without API keys all fail it: the key is suspended, not revoked, until they qualify again.
 */
export async function keyStandsForItsMaker(
  db: Kysely<DB>,
  key: { created_by_user_id: string; account_user_id: string },
): Promise<boolean> {
  const account = await apiAccountFor(db, key.created_by_user_id);
  return account?.accountUserId === key.account_user_id;
}
