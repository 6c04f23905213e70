import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB, Timestamp } from '../db/types';

/** Table of migration 0006-deleted-address. */
export interface DeletedAddressTable {
  digest: string;
  deleted_at: Timestamp;
}

declare module '../db/types' {
  interface DB {
    deleted_address: DeletedAddressTable;
  }
}

/**
 * The address of a deleted account as kept: HMAC-SHA256 of the trimmed, lower-cased address,
 * keyed with the auth secret, so the table names no one and cannot be matched against a list of
 * addresses without the secret.
 */
export function addressDigest(secret: string, email: string): string {
  return createHmac('sha256', secret)
    .update(`deleted-address:${email.trim().toLowerCase()}`)
    .digest('hex');
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
