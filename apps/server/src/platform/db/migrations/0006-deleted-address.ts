import type { Kysely, Migration } from 'kysely';
import { columnTypes } from '../column-types';
import type { Dialect } from '../database';

/**
 * The addresses of deleted accounts, as keyed digests (never the address itself), so the
 * sign-up credits are granted once per address even after delete and sign-up again.
 */
export function deletedAddress(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('deleted_address')
        .addColumn('digest', 'text', (c) => c.primaryKey())
        .addColumn('deleted_at', t.timestamp, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('deleted_address').execute();
    },
  };
}
