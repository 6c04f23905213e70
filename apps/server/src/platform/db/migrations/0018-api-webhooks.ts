import type { Kysely, Migration } from 'kysely';
import { columnTypes } from '../column-types';
import type { Dialect } from '../database';

/**
 * Signed webhooks of the public API (issue 30): one signing secret per account (the team's owner
 * inside a team), one delivery per settled expansion that asked for a webhook, and one row per
 * attempt to deliver it, so every attempt is logged.
 */
export function apiWebhooks(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('api_webhook_secret')
        .addColumn('account_user_id', 'text', (c) =>
          c.primaryKey().references('user.id').onDelete('cascade'),
        )
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('api_webhook_delivery')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_user_id', 'text', (c) =>
          c.notNull().references('user.id').onDelete('cascade'),
        )
        .addColumn('expansion_id', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('delivered_at', t.timestamp)
        .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_status', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('gave_up_at', t.timestamp)
        .execute();
      await db.schema
        .createIndex('api_webhook_delivery_expansion_id_idx')
        .on('api_webhook_delivery')
        .column('expansion_id')
        .execute();
      await db.schema
        .createTable('api_webhook_attempt')
        .addColumn('delivery_id', 'text', (c) =>
          c.notNull().references('api_webhook_delivery.id').onDelete('cascade'),
        )
        .addColumn('attempted_at', t.timestamp, (c) => c.notNull())
        .addColumn('status', 'integer')
        .addColumn('error', 'text')
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('api_webhook_attempt_delivery_id_idx')
        .on('api_webhook_attempt')
        .columns(['delivery_id', 'attempted_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('api_webhook_attempt').execute();
      await db.schema.dropTable('api_webhook_delivery').execute();
      await db.schema.dropTable('api_webhook_secret').execute();
    },
  };
}
