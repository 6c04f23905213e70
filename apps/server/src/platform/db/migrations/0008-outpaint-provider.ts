import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import { columnTypes } from '../column-types';
import type { Dialect } from '../database';

/**
 * Which outpainter made each result, and what a hosted provider's run needs to survive a crash:
 * the remote prediction's id (saved before anything else, so a retried job adopts it), the
 * outcome a signed webhook reported, and the webhook ids already applied. Results made before
 * this migration were all made by the built-in engine.
 */
export function outpaintProvider(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('prediction').addColumn('provider', 'text').execute();
      await db.schema
        .alterTable('prediction')
        .addColumn('fallback', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('prediction').addColumn('remote_id', 'text').execute();
      await db.schema.alterTable('prediction').addColumn('remote_status', 'text').execute();
      await db.schema.alterTable('prediction').addColumn('remote_output', 'text').execute();
      await db.schema.alterTable('prediction').addColumn('remote_error', 'text').execute();
      await sql`update prediction set provider = 'engine' where status = 'succeeded'`.execute(db);
      await db.schema
        .createIndex('prediction_remote_id_idx')
        .unique()
        .on('prediction')
        .column('remote_id')
        .execute();

      await db.schema
        .alterTable('history_image')
        .addColumn('provider', 'text', (c) => c.notNull().defaultTo('engine'))
        .execute();

      await db.schema
        .createTable('provider_webhook')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('received_at', t.timestamp, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('provider_webhook').execute();
      await db.schema.alterTable('history_image').dropColumn('provider').execute();
      await db.schema.dropIndex('prediction_remote_id_idx').execute();
      for (const column of [
        'remote_error',
        'remote_output',
        'remote_status',
        'remote_id',
        'fallback',
        'provider',
      ]) {
        await db.schema.alterTable('prediction').dropColumn(column).execute();
      }
    },
  };
}
