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
