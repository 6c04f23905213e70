import type { Kysely, Migration } from 'kysely';

/**
 * The canvas a prediction is filled on (issue 28): computed once, when the prediction is made,
 * and read back by its job, as JSON (`StoredCanvas`). Null for predictions made before it, whose
 * job computes it again.
 */
export function predictionCanvas(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('prediction').addColumn('canvas', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('prediction').dropColumn('canvas').execute();
    },
  };
}
