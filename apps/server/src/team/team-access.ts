import type { SpendingTeam } from '@reframe/shared';
import type { Kysely } from 'kysely';
import { balanceOf, type TeamCharge } from '../credits/credits.service';
import type { DB } from '../platform/db/types';
import type { TeamMemberTable } from './team.tables';
import { AppError } from '../platform/http/app-error';
import {
  findMembership,
  findTeamById,
  findTeamByOwner,
  findUserById,
  revokePendingInvites,
  setTeamSuspended,
} from './team.repo';

/**
 * What the other domains ask of teams (issue 26): whose balance a user's run spends, which team's
 * runs a user sees, and what billing's plan changes do to a team. One owner for each rule.
 */
type Db = Kysely<DB>;

/** A member's or an admin's place in an active team; null outside one (or in a suspended one). */
export async function activeMembership(
  db: Db,
  userId: string,
): Promise<{ teamId: string; ownerUserId: string; role: TeamMemberTable['role'] } | null> {
  const membership = await findMembership(db, userId);
  if (!membership || membership.suspended_at !== null) return null;
  return {
    teamId: membership.team_id,
    ownerUserId: membership.owner_user_id,
    role: membership.role,
  };
}

/** The active team a user owns; null when they own none or it is suspended. */
export async function activeOwnedTeamId(db: Db, userId: string): Promise<string | null> {
  const owned = await findTeamByOwner(db, userId);
  return owned && owned.suspended_at === null ? owned.id : null;
}

/**
 * Who pays for a user's run: while they are a member or an admin of an active team, the team's
 * pool (its owner's balance); else their own balance. An owner's own runs are charged to their
 * team while it is active, so its members see them in the team's history.
 */
export async function chargeFor(
  db: Db,
  userId: string,
): Promise<{ payerId: string; team: TeamCharge | null }> {
  const membership = await activeMembership(db, userId);
  if (membership) {
    return {
      payerId: membership.ownerUserId,
      team: { teamId: membership.teamId, memberUserId: userId },
    };
  }
  const owned = await activeOwnedTeamId(db, userId);
  return { payerId: userId, team: owned ? { teamId: owned, memberUserId: userId } : null };
}

/**
 * A photo has one history record, filed under whoever paid for its runs, so every run of it must
 * be paid by the same account (issue 39): after leaving (or joining) a team, a run of a photo the
 * other account paid for is refused, 409, before anything is spent. Else a removed member would
 * pay for a result filed with their old team, out of their reach, and a team's pool for a result
 * filed in someone's personal history. Call it inside the run's transaction, with its payer and
 * the teams (null: none) the photo's runs were charged to so far.
 */
export async function assertPaidLikeEarlierRuns(
  db: Db,
  userId: string,
  earlierTeams: readonly (string | null)[],
  payerId: string,
): Promise<void> {
  for (const teamId of earlierTeams) {
    const earlierPayer = teamId === null ? userId : (await findTeamById(db, teamId))?.owner_user_id;
    if (earlierPayer !== payerId) throw new AppError('RUN_FILED_ELSEWHERE', 409);
  }
}

/**
 * The team whose runs a user sees: the team they own (suspended or not: the owner keeps
 * everything), or the active team they are a member of; null for anyone else.
 */
export async function visibleTeamId(db: Db, userId: string): Promise<string | null> {
  const membership = await activeMembership(db, userId);
  if (membership) return membership.teamId;
  const owned = await findTeamByOwner(db, userId);
  return owned?.id ?? null;
}

/** The active team a member or an admin spends from, for GET /api/me and getUsageStats. */
export async function spendingTeamOf(
  db: Db,
  userId: string,
): Promise<(SpendingTeam & { ownerId: string }) | null> {
  const membership = await activeMembership(db, userId);
  if (!membership) return null;
  const owner = await findUserById(db, membership.ownerUserId);
  return {
    ownerId: membership.ownerUserId,
    ownerName: owner?.name ?? '',
    role: membership.role,
  };
}

/** The balance of a team's pool: its owner's. */
export async function poolBalance(db: Db, ownerId: string): Promise<number> {
  return balanceOf(db, ownerId);
}

/**
 * Billing changed the owner's plan: a plan with team seats (and a subscription in good standing)
 * restores the team as it was; any other suspends it and revokes its pending invitations.
 */
export async function syncTeamWithPlan(
  db: Db,
  ownerId: string,
  entitled: boolean,
  now: Date,
): Promise<void> {
  const team = await findTeamByOwner(db, ownerId);
  if (!team) return;
  if (entitled) {
    if (team.suspended_at !== null) await setTeamSuspended(db, ownerId, null);
    return;
  }
  if (team.suspended_at === null) await setTeamSuspended(db, ownerId, now);
  await revokePendingInvites(db, team.id, now);
}
