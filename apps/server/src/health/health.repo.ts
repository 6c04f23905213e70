import { sql, type Kysely } from 'kysely';
import type { DB } from '../platform/db/types';

/** Throws when the database does not answer. */
export async function pingForHealth(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
