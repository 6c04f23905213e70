import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import { columnTypes } from '../column-types';
import type { Dialect } from '../database';

/**
 * Placement packs, exact sizes, alignment and bulk runs (issue 15): where each prediction's
 * original sits on its canvas, which run it belongs to and when it was handed to the job queue
 * (a run's predictions wait unqueued until the user's job limit has room), and each history
 * image's size and alignment. Earlier results were all centred.
 */
export function placementOutputs(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('prediction')
        .addColumn('alignment', 'text', (c) => c.notNull().defaultTo('center'))
        .execute();
      await db.schema.alterTable('prediction').addColumn('run_id', 'text').execute();
      await db.schema.alterTable('prediction').addColumn('queued_at', t.timestamp).execute();
      // Every earlier prediction was queued when it was created.
      await sql`update prediction set queued_at = created_at`.execute(db);
      await db.schema
        .createIndex('prediction_user_queue_idx')
        .on('prediction')
        .columns(['user_id', 'status', 'queued_at'])
        .execute();
      await db.schema
        .alterTable('history_image')
        .addColumn('alignment', 'text', (c) => c.notNull().defaultTo('center'))
        .execute();
      await db.schema.alterTable('history_image').addColumn('width', 'integer').execute();
      await db.schema.alterTable('history_image').addColumn('height', 'integer').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const column of ['height', 'width', 'alignment']) {
        await db.schema.alterTable('history_image').dropColumn(column).execute();
      }
      await db.schema.dropIndex('prediction_user_queue_idx').execute();
      for (const column of ['queued_at', 'run_id', 'alignment']) {
        await db.schema.alterTable('prediction').dropColumn(column).execute();
      }
    },
  };
}
