import type { Kysely, Migration } from 'kysely';

/**
 * Framing and fill style (issue 38): how much of the photo a prediction may trim and how its new
 * area is filled, and the part of the original its result kept (JSON `{x, y, width, height}` in
 * the upload's pixels; null until it succeeds). Predictions made before kept the whole photo
 * with the natural fill, which the defaults record.
 */
export function framing(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('prediction')
        .addColumn('framing', 'text', (column) => column.notNull().defaultTo('keep'))
        .execute();
      await db.schema
        .alterTable('prediction')
        .addColumn('style', 'text', (column) => column.notNull().defaultTo('natural'))
        .execute();
      await db.schema.alterTable('prediction').addColumn('crop', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const column of ['crop', 'style', 'framing']) {
        await db.schema.alterTable('prediction').dropColumn(column).execute();
      }
    },
  };
}
