import type { Kysely, Migration } from 'kysely';

/**
 * The run time a hosted provider reported for each remote prediction (Replicate's
 * `metrics.predict_time`, in seconds): what a time-billed model costs. Null for the engine's
 * results and for predictions made before this migration.
 */
export function remotePredictTime(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('prediction')
        .addColumn('remote_predict_seconds', 'real')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('prediction').dropColumn('remote_predict_seconds').execute();
    },
  };
}
