import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/types';
import './account.tables';

/** The profile's display name: the name given at sign-up, else the part of the email before @. */
function displayNameFor(name: string | null | undefined, email: string): string {
  const trimmed = name?.trim();
  return trimmed ? trimmed : (email.split('@')[0] ?? email);
}

/** A new user's profile, with no credits yet (the sign-up grant adds them). */
export async function insertProfile(
  db: Kysely<DB>,
  user: { id: string; email: string; name: string | null | undefined },
  now: Date,
): Promise<void> {
  await db
    .insertInto('user_profile')
    .values({
      user_id: user.id,
      email: user.email,
      display_name: displayNameFor(user.name, user.email),
      credits: 0,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
}

/** Keeps the profile's email in step with the user's; returns the previous one if it changed. */
export async function updateProfileEmail(
  db: Kysely<DB>,
  userId: string,
  email: string,
): Promise<string | undefined> {
  const profile = await db
    .selectFrom('user_profile')
    .select('email')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!profile || profile.email === email) return undefined;
  await db
    .updateTable('user_profile')
    .set({ email, updated_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .execute();
  return profile.email;
}

export function getProfileForMe(db: Kysely<DB>, userId: string) {
  return db.selectFrom('user_profile').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Deletes a user and every row of theirs in one transaction, keeping only the digest of the
 * address (see profile.service.ts). The tables of later migrations (billing, uploads,
 * predictions, history, upload quota) reference user.id ON DELETE CASCADE, so they follow.
 */
export async function deleteUserAndData(
  db: Kysely<DB>,
  userId: string,
  addressDigest: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await recordDeletedAddress(trx, addressDigest, new Date());
    await trx.deleteFrom('credit_ledger').where('user_id', '=', userId).execute();
    await trx.deleteFrom('user_profile').where('user_id', '=', userId).execute();
    await trx.deleteFrom('session').where('user_id', '=', userId).execute();
    await trx.deleteFrom('account').where('user_id', '=', userId).execute();
    await trx.deleteFrom('verification').where('value', '=', userId).execute();
    await trx.deleteFrom('user').where('id', '=', userId).execute();
  });
}

/** Deletes a user whose profile could not be created, so sign-up leaves nothing half-done. */
export async function deleteUserWithoutProfile(db: Kysely<DB>, userId: string): Promise<void> {
  await db.deleteFrom('user').where('id', '=', userId).execute();
}

export async function getCredentialPasswordHash(
  db: Kysely<DB>,
  userId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('account')
    .select('password')
    .where('user_id', '=', userId)
    .where('provider_id', '=', 'credential')
    .executeTakeFirst();
  return row?.password ?? null;
}

export async function recordDeletedAddress(
  db: Kysely<DB>,
  digest: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('deleted_address')
    .values({ digest, deleted_at: now.toISOString() })
    .onConflict((oc) => oc.column('digest').doNothing())
    .execute();
}

export async function isDeletedAddress(db: Kysely<DB>, digest: string): Promise<boolean> {
  const row = await db
    .selectFrom('deleted_address')
    .select('digest')
    .where('digest', '=', digest)
    .executeTakeFirst();
  return row !== undefined;
}
