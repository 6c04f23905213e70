import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../platform/db/types';
import type { TeamInviteTable, TeamMemberTable, TeamRow } from './team.tables';

type Db = Kysely<DB>;

export function findTeamById(db: Db, teamId: string) {
  return db.selectFrom('team').selectAll().where('id', '=', teamId).executeTakeFirst();
}

export function findTeamByOwner(db: Db, ownerId: string) {
  return db.selectFrom('team').selectAll().where('owner_user_id', '=', ownerId).executeTakeFirst();
}

/** Makes the owner's team if they have none; returns theirs either way. */
export async function ensureTeam(db: Db, ownerId: string, now: Date): Promise<TeamRow> {
  await db
    .insertInto('team')
    .values({
      id: crypto.randomUUID(),
      owner_user_id: ownerId,
      created_at: now.toISOString(),
      suspended_at: null,
    })
    .onConflict((oc) => oc.column('owner_user_id').doNothing())
    .execute();
  return db
    .selectFrom('team')
    .selectAll()
    .where('owner_user_id', '=', ownerId)
    .executeTakeFirstOrThrow();
}

/**
 * Locks the team row until the transaction ends (a row lock on PostgreSQL, the write lock on
 * SQLite): inviting and joining take it first, so seats are counted by one of them at a time.
 */
export function lockTeam(db: Db, teamId: string) {
  return db
    .updateTable('team')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', teamId)
    .returningAll()
    .executeTakeFirst();
}

export function setTeamSuspended(db: Db, ownerId: string, suspendedAt: Date | null) {
  return db
    .updateTable('team')
    .set({ suspended_at: suspendedAt ? suspendedAt.toISOString() : null })
    .where('owner_user_id', '=', ownerId)
    .returningAll()
    .executeTakeFirst();
}

export function findMembership(db: Db, userId: string) {
  return db
    .selectFrom('team_member')
    .innerJoin('team', 'team.id', 'team_member.team_id')
    .select([
      'team.id as team_id',
      'team.owner_user_id',
      'team.suspended_at',
      'team.created_at',
      'team_member.role',
    ])
    .where('team_member.user_id', '=', userId)
    .executeTakeFirst();
}

export function findUserById(db: Db, userId: string) {
  return db
    .selectFrom('user')
    .select(['id', 'name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('user')
    .select(['id', 'name', 'email'])
    .where('email', '=', email)
    .executeTakeFirst();
}

/** The team's members besides the owner, with their names and addresses, by joining date. */
export function listMembers(db: Db, teamId: string) {
  return db
    .selectFrom('team_member')
    .innerJoin('user', 'user.id', 'team_member.user_id')
    .select(['user.id as user_id', 'user.name', 'user.email', 'team_member.role'])
    .where('team_member.team_id', '=', teamId)
    .orderBy('team_member.joined_at', 'asc')
    .orderBy('user.id', 'asc')
    .execute();
}

export async function countMembers(db: Db, teamId: string): Promise<number> {
  const row = await db
    .selectFrom('team_member')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function insertMember(db: Db, member: Insertable<TeamMemberTable>) {
  return db.insertInto('team_member').values(member).execute();
}

export async function deleteMember(db: Db, teamId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('team_member')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export function updateMemberRole(
  db: Db,
  teamId: string,
  userId: string,
  role: TeamMemberTable['role'],
) {
  return db
    .updateTable('team_member')
    .set({ role })
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Invitations not used, not revoked and not expired at `now`, oldest first. */
export function listPendingInvites(db: Db, teamId: string, now: Date) {
  return db
    .selectFrom('team_invite')
    .select(['id', 'email', 'role', 'expires_at'])
    .where('team_id', '=', teamId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** Invitations the team sent since `since`, whatever became of them (the flood limit). */
export async function countInvitesSince(db: Db, teamId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('team_invite')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('team_id', '=', teamId)
    .where('created_at', '>=', since.toISOString())
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function insertInvite(db: Db, invite: Insertable<TeamInviteTable>) {
  return db.insertInto('team_invite').values(invite).execute();
}

export function findInviteByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('team_invite')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Revokes one pending invitation of the team; false when there is none by that id. */
export async function revokeInvite(
  db: Db,
  teamId: string,
  inviteId: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('team_invite')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', inviteId)
    .where('team_id', '=', teamId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function revokePendingInvites(db: Db, teamId: string, now: Date) {
  return db
    .updateTable('team_invite')
    .set({ revoked_at: now.toISOString() })
    .where('team_id', '=', teamId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Marks an invitation used, only if it is still unused and not revoked: single use. */
export async function markInviteUsed(db: Db, inviteId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('team_invite')
    .set({ used_at: now.toISOString() })
    .where('id', '=', inviteId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
