import { sql, type Kysely, type Migration } from 'kysely';
import { columnTypes } from '../column-types';
import type { Dialect } from '../database';

/**
 * The profile record of the brief (its `credits` column is the balance, never below zero) and the
 * credit ledger: one row per change, each with a unique idempotency key.
 */
export function userProfileAndCreditLedger(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_profile')
        .addColumn('user_id', 'text', (c) =>
          c.primaryKey().references('user.id').onDelete('cascade'),
        )
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('credits', 'integer', (c) => c.notNull().check(sql`credits >= 0`))
        .addColumn('total_operations', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('operations_this_month', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('subscription_status', 'text', (c) => c.notNull().defaultTo('free'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('credit_ledger')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('delta', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('grant', 'spend', 'refund', 'renewal', 'purchase')`),
        )
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        .addColumn('balance_after', 'integer', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('credit_ledger_user_id_idx')
        .on('credit_ledger')
        .columns(['user_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('credit_ledger').execute();
      await db.schema.dropTable('user_profile').execute();
    },
  };
}
