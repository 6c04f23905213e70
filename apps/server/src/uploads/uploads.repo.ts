import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import type { UploadTable } from '../predictions/resizer.tables';

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
