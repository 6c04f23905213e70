import { sql, type Kysely, type Migration } from 'kysely';
import { columnTypes } from '../column-types';
import type { Dialect } from '../database';

/**
 * Billing: one billing account per user (customer, subscription, effective plan and period),
 * the webhook events already applied, the usage analytics events, the test-mode payment
 * provider's objects, and the lease that lets one instance at a time run a scheduled job.
 */
export function billing(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('billing_account')
        .addColumn('user_id', 'text', (c) =>
          c.primaryKey().references('user.id').onDelete('cascade'),
        )
        .addColumn('customer_id', 'text', (c) => c.unique())
        .addColumn('subscription_id', 'text')
        .addColumn('plan_id', 'text', (c) => c.notNull().defaultTo('free'))
        .addColumn('scheduled_plan_id', 'text')
        .addColumn('cancel_at_period_end', t.boolean, (c) => c.notNull().defaultTo(sql`false`))
        .addColumn('period_start', t.timestamp, (c) => c.notNull())
        .addColumn('period_end', t.timestamp, (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('billing_account_renewal_idx')
        .on('billing_account')
        .columns(['plan_id', 'period_end'])
        .execute();
      await db.schema
        .createTable('processed_webhook_event')
        .addColumn('event_id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('processed_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('processed_webhook_event_processed_at_idx')
        .on('processed_webhook_event')
        .column('processed_at')
        .execute();
      await db.schema
        .createTable('usage_event')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('operation_type', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('usage_event_user_id_idx')
        .on('usage_event')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('test_payment_object')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('job_lease')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('leased_until', t.timestamp, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'job_lease',
        'test_payment_object',
        'usage_event',
        'processed_webhook_event',
        'billing_account',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
