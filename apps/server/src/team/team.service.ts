import { createHash, randomBytes } from 'node:crypto';
import {
  copy,
  TEAM_INVITE_TTL_DAYS,
  type Invitation,
  type InviteRole,
  type TeamInvite,
  type TeamResponse,
  type TeamRole,
  type TeamView,
} from '@reframe/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { teamJoinLink } from '../auth/links';
import { planFor } from '../team/plans';
import type { LimitsConfig } from '../platform/config/limits-config';
import { creditsUsedThisMonth } from '../credits/credits.service';
import { toIsoString } from '../platform/db/column-types';
import type { DB } from '../platform/db/types';
import { isUniqueViolation } from '../platform/db/unique-violation';
import { AppError } from '../platform/http/app-error';
import type { Mailer } from '../adapters/mail/mailer';
import { teamInviteMail } from '../mail/templates';
import {
  countInvitesSince,
  countMembers,
  deleteMember,
  ensureTeam,
  findInviteByTokenHash,
  findMembership,
  findTeamById,
  findTeamByOwner,
  findUserByEmail,
  findUserById,
  insertInvite,
  insertMember,
  listMembers,
  listPendingInvites,
  lockTeam,
  markInviteUsed,
  revokeInvite,
  updateMemberRole,
} from './team.repo';
import type { TeamRow } from './team.tables';

export interface TeamServiceDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  appUrl: string;
  limits: LimitsConfig['teams'];
  log: FastifyBaseLogger;
}

interface Actor {
  id: string;
  name: string;
  email: string;
}

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The team rules of issue 26. Every call finds the caller's team and role on the server, from the
 * session's user: ids from the request only ever name something inside that team, else 404.
 */
export function createTeamService({ db, mailer, appUrl, limits, log }: TeamServiceDeps) {
  /** Seats of the owner's current plan (0 once it has left Expert). */
  async function seatLimitOf(ownerId: string, q: Kysely<DB> = db): Promise<number> {
    return (await planFor(q, ownerId, 'self')).teamSeats;
  }

  /** The caller's team and role: the team they are a member of, else the one they own. */
  async function findPlace(userId: string): Promise<{ team: TeamRow; role: TeamRole } | null> {
    const membership = await findMembership(db, userId);
    if (membership) {
      const team = await findTeamById(db, membership.team_id);
      if (team) return { team, role: membership.role };
    }
    const owned = await findTeamByOwner(db, userId);
    return owned ? { team: owned, role: 'owner' } : null;
  }

  async function placeOf(userId: string) {
    const place = await findPlace(userId);
    if (!place) throw new AppError('NOT_FOUND', 404);
    return place;
  }

  /** The caller's place, the team of an Expert user without one made now (owner only). */
  async function placeOrNewTeam(userId: string): Promise<{ team: TeamRow; role: TeamRole } | null> {
    const place = await findPlace(userId);
    if (place) return place;
    if ((await seatLimitOf(userId)) === 0) return null;
    return { team: await ensureTeam(db, userId, new Date()), role: 'owner' };
  }

  /**
   * The owner of a team with members or pending invitations (issue 39): joining another team
   * would leave them a member there while their people spend their balance, out of their reach.
   */
  async function ownsAPeopledTeam(userId: string, q: Kysely<DB>): Promise<boolean> {
    const owned = await findTeamByOwner(q, userId);
    if (!owned) return false;
    if ((await countMembers(q, owned.id)) > 0) return true;
    return (await listPendingInvites(q, owned.id, new Date())).length > 0;
  }

  /** A user already in a team: a member of one, or the owner of one with members or invites. */
  async function isInATeam(userId: string, q: Kysely<DB> = db): Promise<boolean> {
    if (await findMembership(q, userId)) return true;
    return ownsAPeopledTeam(userId, q);
  }

  /** Why a user may not join a team now, checked again under the teams' locks. */
  async function assertFreeToJoin(userId: string, q: Kysely<DB>): Promise<void> {
    if (await findMembership(q, userId)) throw new AppError('TEAM_YOU_ARE_IN_A_TEAM', 409);
    if (await ownsAPeopledTeam(userId, q)) throw new AppError('TEAM_OWNER_HAS_TEAM', 409);
  }

  function assertActive(team: TeamRow) {
    if (team.suspended_at !== null) throw new AppError('TEAM_SUSPENDED', 409);
  }

  async function viewOf(team: TeamRow, role: TeamRole): Promise<TeamView> {
    const now = new Date();
    const [owner, members, pending, seatLimit] = await Promise.all([
      findUserById(db, team.owner_user_id),
      listMembers(db, team.id),
      listPendingInvites(db, team.id, now),
      seatLimitOf(team.owner_user_id),
    ]);
    const used = await creditsUsedThisMonth(
      db,
      [team.owner_user_id, ...members.map((member) => member.user_id)],
      now,
    );
    const ownerName = owner?.name ?? '';
    return {
      team: {
        id: team.id,
        ownerName,
        seatsUsed: 1 + members.length + pending.length,
        seatLimit,
        suspended: team.suspended_at !== null,
      },
      role,
      members: [
        {
          userId: team.owner_user_id,
          name: ownerName,
          email: owner?.email ?? '',
          role: 'owner' as const,
          creditsUsedThisMonth: used(team.owner_user_id),
        },
        ...members.map((member) => ({
          userId: member.user_id,
          name: member.name,
          email: member.email,
          role: member.role,
          creditsUsedThisMonth: used(member.user_id),
        })),
      ],
      invites: role === 'member' ? [] : pending.map(toInvite),
    };
  }

  function toInvite(row: {
    id: string;
    email: string;
    role: InviteRole;
    expires_at: Date | string;
  }): TeamInvite {
    return { id: row.id, email: row.email, role: row.role, expiresAt: toIsoString(row.expires_at) };
  }

  /** A pending invitation by its token, or the 404/410 that says why it cannot be used. */
  async function pendingInvite(token: string) {
    const invite = await findInviteByTokenHash(db, hashToken(token));
    if (!invite) throw new AppError('TEAM_INVITE_UNKNOWN', 404);
    if (invite.revoked_at !== null) throw new AppError('TEAM_INVITE_REVOKED', 410);
    if (invite.used_at !== null) throw new AppError('TEAM_INVITE_USED', 410);
    if (new Date(invite.expires_at).getTime() <= Date.now()) {
      throw new AppError('TEAM_INVITE_EXPIRED', 410);
    }
    return invite;
  }

  async function assertFreeSeat(trx: Kysely<DB>, team: TeamRow, adding: number, now: Date) {
    const taken =
      1 + (await countMembers(trx, team.id)) + (await listPendingInvites(trx, team.id, now)).length;
    if (taken + adding > (await seatLimitOf(team.owner_user_id, trx))) {
      throw new AppError('TEAM_NO_FREE_SEATS', 409);
    }
  }

  return {
    /** GET /api/team: an Expert user without a team gets theirs made now. */
    async get(userId: string): Promise<TeamResponse> {
      const place = await placeOrNewTeam(userId);
      return place ? viewOf(place.team, place.role) : { team: null, eligible: false };
    },

    /**
     * POST /api/team/invites: owner or admin. Under the team's lock: the hourly limit, the
     * invitee in another team, and the seats (pending invitations count); then the mail.
     */
    async invite(actor: Actor, body: { email: string; role: InviteRole }): Promise<TeamInvite> {
      const place = await placeOrNewTeam(actor.id);
      if (!place) throw new AppError('TEAM_NOT_IN_PLAN', 403);
      const { team, role } = place;
      if (role === 'member') throw new AppError('TEAM_ADMINS_ONLY', 403);
      assertActive(team);
      const email = body.email;
      const token = randomBytes(32).toString('base64url');
      const now = new Date();
      const invite = {
        id: crypto.randomUUID(),
        team_id: team.id,
        email,
        role: body.role,
        token_hash: hashToken(token),
        created_by: actor.id,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + TEAM_INVITE_TTL_DAYS * DAY_MS).toISOString(),
        used_at: null,
        revoked_at: null,
      };
      await db.transaction().execute(async (trx) => {
        const locked = await lockTeam(trx, team.id);
        if (!locked) throw new AppError('NOT_FOUND', 404);
        assertActive(locked);
        const sent = await countInvitesSince(trx, team.id, new Date(now.getTime() - HOUR_MS));
        if (sent >= limits.invitesPerHour) throw new AppError('TEAM_INVITES_HOURLY_LIMIT', 429);
        const invitee = await findUserByEmail(trx, email);
        if (
          invitee &&
          (invitee.id === locked.owner_user_id || (await isInATeam(invitee.id, trx)))
        ) {
          throw new AppError('TEAM_ALREADY_IN_TEAM', 409);
        }
        // Inviting an address again sends a new link in place of the pending one.
        for (const earlier of await listPendingInvites(trx, team.id, now)) {
          if (earlier.email === email) await revokeInvite(trx, team.id, earlier.id, now);
        }
        await assertFreeSeat(trx, locked, 1, now);
        await insertInvite(trx, invite);
      });
      const owner = await findUserById(db, team.owner_user_id);
      const message = teamInviteMail(email, {
        ownerName: owner?.name ?? '',
        role: copy.team.roles[invite.role],
        url: teamJoinLink(appUrl, token),
        days: TEAM_INVITE_TTL_DAYS,
      });
      try {
        await mailer.send(message);
      } catch (error) {
        log.error(
          { err: error, teamId: team.id },
          'team invitation mail failed; invitation withdrawn',
        );
        await revokeInvite(db, team.id, invite.id, new Date());
        throw error;
      }
      return toInvite(invite);
    },

    /** DELETE /api/team/invites/:id: owner or admin; another team's invitation is 404. */
    async revoke(userId: string, inviteId: string): Promise<void> {
      const { team, role } = await placeOf(userId);
      if (role === 'member') throw new AppError('TEAM_ADMINS_ONLY', 403);
      if (!(await revokeInvite(db, team.id, inviteId, new Date()))) {
        throw new AppError('NOT_FOUND', 404);
      }
    },

    /** DELETE /api/team/members/:userId: the owner removes anyone else, an admin members only. */
    async remove(userId: string, targetId: string): Promise<void> {
      const { team, role } = await placeOf(userId);
      if (role === 'member') throw new AppError('TEAM_ADMINS_ONLY', 403);
      if (targetId === team.owner_user_id) throw new AppError('TEAM_CANNOT_REMOVE_OWNER', 403);
      const target = (await listMembers(db, team.id)).find((m) => m.user_id === targetId);
      if (!target) throw new AppError('NOT_FOUND', 404);
      if (role === 'admin' && target.role !== 'member') {
        throw new AppError('TEAM_ADMIN_REMOVES_MEMBERS_ONLY', 403);
      }
      if (!(await deleteMember(db, team.id, targetId))) throw new AppError('NOT_FOUND', 404);
    },

    /** PATCH /api/team/members/:userId: the owner alone changes roles. */
    async changeRole(userId: string, targetId: string, newRole: InviteRole): Promise<TeamView> {
      const { team, role } = await placeOf(userId);
      if (role !== 'owner') throw new AppError('TEAM_OWNER_ONLY', 403);
      const result = await updateMemberRole(db, team.id, targetId, newRole);
      if (Number(result.numUpdatedRows) !== 1) throw new AppError('NOT_FOUND', 404);
      return viewOf(team, role);
    },

    /** POST /api/team/leave: members and admins; the owner's team ends with their Expert plan. */
    async leave(userId: string): Promise<void> {
      const membership = await findMembership(db, userId);
      if (!membership) {
        if (await findTeamByOwner(db, userId)) throw new AppError('TEAM_OWNER_CANNOT_LEAVE', 409);
        throw new AppError('NOT_FOUND', 404);
      }
      await deleteMember(db, membership.team_id, userId);
    },

    /** GET /api/team/invitation?token=…: who invites, to which address, as what. */
    async invitation(token: string): Promise<Invitation> {
      const invite = await pendingInvite(token);
      const team = await findTeamById(db, invite.team_id);
      const owner = team && (await findUserById(db, team.owner_user_id));
      return { ownerName: owner?.name ?? '', email: invite.email, role: invite.role };
    },

    /**
     * POST /api/team/join: the invited address's account joins, once. Every check comes before
     * the change, and the change is one transaction under the team's lock: nothing joins on an
     * error.
     */
    async join(actor: Actor, token: string): Promise<TeamView> {
      const invite = await pendingInvite(token);
      if (actor.email.toLowerCase() !== invite.email) {
        throw new AppError('TEAM_INVITE_WRONG_ACCOUNT', 403);
      }
      await assertFreeToJoin(actor.id, db);
      const now = new Date();
      const team = await db.transaction().execute(async (trx) => {
        const own = await findTeamByOwner(trx, actor.id);
        // Both teams are locked, in one order, so an invitation to the joiner's own team
        // cannot be sent or used while they join: the checks below stay true until commit.
        const ids = [...new Set([invite.team_id, ...(own ? [own.id] : [])])].sort();
        let locked: TeamRow | undefined;
        for (const id of ids) {
          const row = await lockTeam(trx, id);
          if (id === invite.team_id) locked = row;
        }
        if (!locked) throw new AppError('TEAM_INVITE_REVOKED', 410);
        if (locked.owner_user_id === actor.id) throw new AppError('TEAM_YOU_ARE_IN_A_TEAM', 409);
        await assertFreeToJoin(actor.id, trx);
        // The inviting owner joined another team meanwhile: their team takes no one in.
        if (await findMembership(trx, locked.owner_user_id)) {
          throw new AppError('TEAM_INVITE_REVOKED', 410);
        }
        assertActive(locked);
        if (!(await markInviteUsed(trx, invite.id, now))) {
          throw new AppError('TEAM_INVITE_USED', 410);
        }
        await assertFreeSeat(trx, locked, 1, now);
        try {
          await insertMember(trx, {
            team_id: locked.id,
            user_id: actor.id,
            role: invite.role,
            joined_at: now.toISOString(),
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw new AppError('TEAM_YOU_ARE_IN_A_TEAM', 409);
          throw error;
        }
        return locked;
      });
      return viewOf(team, invite.role);
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
