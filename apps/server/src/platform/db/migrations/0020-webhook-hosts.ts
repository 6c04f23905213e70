import type { Kysely, Migration } from 'kysely';
import { columnTypes } from '../column-types';
import type { Dialect } from '../database';

/**
 * Webhook receivers that time out (issue 39): one row per host whose last attempts timed out in a
 * row, with when it may be tried again, so every process backs off the same host. An index finds
 * an account's deliveries still pending, for its cap.
 */
export function webhookHosts(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('api_webhook_host')
        .addColumn('host', 'text', (c) => c.primaryKey())
        .addColumn('timeouts', 'integer', (c) => c.notNull())
        .addColumn('backoff_until', t.timestamp)
        .execute();
      await db.schema
        .createIndex('api_webhook_delivery_account_idx')
        .on('api_webhook_delivery')
        .columns(['account_user_id', 'delivered_at', 'gave_up_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('api_webhook_delivery_account_idx').execute();
      await db.schema.dropTable('api_webhook_host').execute();
    },
  };
}
