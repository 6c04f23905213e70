import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The name of the API key a prediction was made with (issue 40), written when its run is made,
 * so history shows it without reading the API's tables; null for a run made in the app. The
 * predictions of runs made through the API before it take their key's name from its expansion.
 */
export function runKeyName(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('prediction').addColumn('api_key_name', 'text').execute();
      await sql`
        update prediction set api_key_name = (
          select api_key.name from api_expansion
          join api_key on api_key.id = api_expansion.api_key_id
          where api_expansion.run_id = prediction.run_id
        )
        where run_id in (select run_id from api_expansion)
      `.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('prediction').dropColumn('api_key_name').execute();
    },
  };
}
