import type { Kysely, Migration } from 'kysely';
import { columnTypes } from '../column-types';
import type { Dialect } from '../database';

/** Rate-limit counters (per IP and per account, shared by every instance) and single-use links. */
export function rateLimitAndConsumedToken(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rate_limit')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('window_started_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('consumed_token')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('consumed_at', t.timestamp, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('consumed_token').execute();
      await db.schema.dropTable('rate_limit').execute();
    },
  };
}
