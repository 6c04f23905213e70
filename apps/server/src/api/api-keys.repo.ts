import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/types';
import type { Insertable } from 'kysely';
import type { ApiKeyTable } from './api.tables';

type Db = Kysely<DB>;

export async function insertApiKey(db: Db, key: Insertable<ApiKeyTable>): Promise<void> {
  await db.insertInto('api_key').values(key).execute();
}

/** The account's keys that still work, live first, newest first. */
export function listActiveKeys(db: Db, accountUserId: string) {
  return db
    .selectFrom('api_key')
    .selectAll()
    .where('account_user_id', '=', accountUserId)
    .where('revoked_at', 'is', null)
    .orderBy('mode', 'asc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Revokes one of the account's keys; false when it has no such working key. */
export async function revokeKey(
  db: Db,
  accountUserId: string,
  id: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('api_key')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', id)
    .where('account_user_id', '=', accountUserId)
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
