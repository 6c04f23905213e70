import type { Kysely, Migration } from 'kysely';

/**
 * Which hosted model made a result (the REPLICATE_MODEL name; null for the engine, for a pinned
 * version, and for results made before this migration), on the prediction and on the run's
 * image, and the input files a hosted prediction uploaded (a JSON array of file ids), so a
 * prediction adopted after a restart still deletes them when it settles.
 */
export function resultModel(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('prediction').addColumn('model', 'text').execute();
      await db.schema.alterTable('prediction').addColumn('remote_input_files', 'text').execute();
      await db.schema.alterTable('history_image').addColumn('model', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('history_image').dropColumn('model').execute();
      await db.schema.alterTable('prediction').dropColumn('remote_input_files').execute();
      await db.schema.alterTable('prediction').dropColumn('model').execute();
    },
  };
}
