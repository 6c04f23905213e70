import type { Kysely, Migration } from 'kysely';

/**
 * Where each result's original ended up (issue 24: with the 'auto' alignment the engine chooses
 * it) and how sure the engine is of the fill. Null for results made before this migration, for
 * unsettled ones, and (the confidence) for results a hosted provider made.
 */
export function resultPlacement(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('prediction').addColumn('offset_x', 'integer').execute();
      await db.schema.alterTable('prediction').addColumn('offset_y', 'integer').execute();
      await db.schema
        .alterTable('prediction')
        .addColumn('confidence', 'double precision')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const column of ['confidence', 'offset_y', 'offset_x']) {
        await db.schema.alterTable('prediction').dropColumn(column).execute();
      }
    },
  };
}
