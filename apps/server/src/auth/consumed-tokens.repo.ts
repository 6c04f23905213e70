import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/types';

const KEEP_FOR_MS = 2 * 24 * 60 * 60 * 1000; // longer than any email link lives

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Marks an email link as used; false when it was used before (links work once). */
export async function claimToken(db: Kysely<DB>, token: string): Promise<boolean> {
  const now = Date.now();
  await db
    .deleteFrom('consumed_token')
    .where('consumed_at', '<', new Date(now - KEEP_FOR_MS).toISOString())
    .execute();
  const inserted = await db
    .insertInto('consumed_token')
    .values({ token_hash: hashOf(token), consumed_at: new Date(now).toISOString() })
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Gives a claimed link back when using it failed, so a retry is not refused. */
export async function releaseToken(db: Kysely<DB>, token: string): Promise<void> {
  await db.deleteFrom('consumed_token').where('token_hash', '=', hashOf(token)).execute();
}
