import { type Kysely, type Migration } from 'kysely';
import { columnTypes } from '../column-types';
import type { Dialect } from '../database';

/**
 * The resizer: uploaded originals, predictions (each one output image and one job, whose state
 * lives here so a restart can resume or settle it), and the history of runs with one result per
 * ratio label. Every row belongs to a user and goes when the user goes.
 */
export function resizer(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('upload')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('storage_key', 'text', (c) => c.notNull())
        .addColumn('filename', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('upload_user_id_idx')
        .on('upload')
        .columns(['user_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('prediction')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('upload_id', 'text', (c) =>
          c.notNull().references('upload.id').onDelete('cascade'),
        )
        .addColumn('aspect_ratio', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('seed', 'integer', (c) => c.notNull())
        .addColumn('regenerate', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('output_key', 'text')
        .addColumn('spend_key', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('started_at', t.timestamp)
        .addColumn('settled_at', t.timestamp)
        .execute();
      await db.schema
        .createIndex('prediction_status_idx')
        .on('prediction')
        .columns(['status', 'created_at'])
        .execute();
      await db.schema
        .createIndex('prediction_user_id_idx')
        .on('prediction')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('history_record')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('upload_id', 'text', (c) =>
          c.notNull().unique().references('upload.id').onDelete('cascade'),
        )
        .addColumn('original_key', 'text', (c) => c.notNull())
        .addColumn('original_filename', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('history_record_user_id_idx')
        .on('history_record')
        .columns(['user_id', 'created_at', 'id'])
        .execute();

      await db.schema
        .createTable('history_image')
        .addColumn('history_id', 'text', (c) =>
          c.notNull().references('history_record.id').onDelete('cascade'),
        )
        .addColumn('aspect_ratio', 'text', (c) => c.notNull())
        .addColumn('storage_key', 'text', (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('history_image_pk', ['history_id', 'aspect_ratio'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['history_image', 'history_record', 'prediction', 'upload']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
