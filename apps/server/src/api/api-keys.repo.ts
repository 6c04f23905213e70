import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/types';
import type { Insertable } from 'kysely';
import type { ApiKeyTable } from './api.tables';

type Db = Kysely<DB>;

export async function insertApiKey(db: Db, key: Insertable<ApiKeyTable>): Promise<void> {
  await db.insertInto('api_key').values(key).execute();
}

/** The accounts' keys not revoked, live first, newest first. */
export function listActiveKeys(db: Db, accountUserIds: readonly string[]) {
  return db
    .selectFrom('api_key')
    .selectAll()
    .where('account_user_id', 'in', accountUserIds)
    .where('revoked_at', 'is', null)
    .orderBy('mode', 'asc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Revokes one of the accounts' keys; false when they have no such key not revoked. */
export async function revokeKey(
  db: Db,
  accountUserIds: readonly string[],
  id: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('api_key')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', id)
    .where('account_user_id', 'in', accountUserIds)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A working key by the hash of its secret. */
export function findActiveKeyByHash(db: Db, secretHash: string) {
  return db
    .selectFrom('api_key')
    .selectAll()
    .where('secret_hash', '=', secretHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function touchKey(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable('api_key')
    .set({ last_used_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

/**
 * Locks the account's profile row until the transaction ends (a row lock on PostgreSQL, the write
 * lock on SQLite), so two key creations count the account's test keys one at a time.
 */
export async function lockAccountKeys(db: Db, accountUserId: string): Promise<void> {
  await db
    .updateTable('user_profile')
    .set((eb) => ({ user_id: eb.ref('user_id') }))
    .where('user_id', '=', accountUserId)
    .execute();
}

export async function countActiveTestKeys(db: Db, accountUserId: string): Promise<number> {
  const row = await db
    .selectFrom('api_key')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('account_user_id', '=', accountUserId)
    .where('mode', '=', 'test')
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
