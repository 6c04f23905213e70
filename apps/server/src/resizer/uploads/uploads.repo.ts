import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/types';
import type { UploadTable } from '../resizer.tables';

export type NewUpload = Omit<UploadTable, 'created_at'> & { created_at: string };

export async function insertUpload(db: Kysely<DB>, upload: NewUpload): Promise<void> {
  await db.insertInto('upload').values(upload).execute();
}

/** The upload if it belongs to this user; another user's reads as missing. */
export function findOwnedUpload(db: Kysely<DB>, userId: string, uploadId: string) {
  return db
    .selectFrom('upload')
    .selectAll()
    .where('id', '=', uploadId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * The user's upload, locked until the transaction ends (a row lock on PostgreSQL, the write lock
 * on SQLite), or undefined when it is not theirs or is gone. Deleting a run and creating a
 * prediction or run for it both take this lock first, so one of them wins.
 */
export function lockOwnedUpload(trx: Kysely<DB>, userId: string, uploadId: string) {
  return trx
    .updateTable('upload')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', uploadId)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes an upload that no run uses yet; false when it is gone or not the user's. */
export async function deleteUnusedUpload(
  db: Kysely<DB>,
  userId: string,
  uploadId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('upload')
    .where('id', '=', uploadId)
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('prediction').select('id').where('upload_id', '=', uploadId))),
    )
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Every object key a user's rows point at, thumbnails aside: originals, results of every
 * version and history images (the stored-bytes repair).
 */
export async function listStoredKeysForRepair(db: Kysely<DB>, userId: string): Promise<string[]> {
  const [uploads, predictions, images] = await Promise.all([
    db.selectFrom('upload').select('storage_key').where('user_id', '=', userId).execute(),
    db
      .selectFrom('prediction')
      .select('output_key')
      .where('user_id', '=', userId)
      .where('output_key', 'is not', null)
      .execute(),
    db
      .selectFrom('history_image')
      .innerJoin('history_record', 'history_record.id', 'history_image.history_id')
      .select('history_image.storage_key')
      .where('history_record.user_id', '=', userId)
      .execute(),
  ]);
  return [
    ...uploads.map((row) => row.storage_key),
    ...predictions.flatMap((row) => (row.output_key ? [row.output_key] : [])),
    ...images.map((row) => row.storage_key),
  ];
}

export function listStoredBytesForRepair(db: Kysely<DB>) {
  return db.selectFrom('upload_quota').select(['user_id', 'stored_bytes']).execute();
}

export async function setStoredBytesForRepair(
  db: Kysely<DB>,
  userId: string,
  bytes: number,
): Promise<void> {
  await db
    .updateTable('upload_quota')
    .set({ stored_bytes: bytes })
    .where('user_id', '=', userId)
    .execute();
}
