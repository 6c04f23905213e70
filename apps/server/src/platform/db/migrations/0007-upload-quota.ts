import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * One row per user who has uploaded: the fixed one-hour window of upload attempts and the bytes
 * of originals and results stored for them. Goes when the user goes.
 */
export function uploadQuota(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('upload_quota')
        .addColumn('user_id', 'text', (c) =>
          c.primaryKey().references('user.id').onDelete('cascade'),
        )
        .addColumn('window_started_at', 'bigint', (c) => c.notNull())
        .addColumn('window_uploads', 'integer', (c) => c.notNull())
        .addColumn('stored_bytes', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('upload_quota').execute();
    },
  };
}
