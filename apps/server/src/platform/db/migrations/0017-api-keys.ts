import type { Kysely, Migration } from 'kysely';
import { columnTypes } from '../column-types';
import type { Dialect } from '../database';

/**
 * The public API (issue 30): keys, kept only as the SHA-256 of the secret with a visible prefix;
 * each expansion a key made (one bulk run: one prediction per output), the upload it came from
 * the outputs it asked for, in order, and where its webhook goes; and the Idempotency-Key of each POST, with the hash of what it
 * asked for; and, on the prediction, whether the job draws the test watermark on its result.
 * A key's calls per minute and per day are counted in `rate_limit`.
 */
export function apiKeys(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('api_key')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_user_id', 'text', (c) =>
          c.notNull().references('user.id').onDelete('cascade'),
        )
        .addColumn('team_id', 'text', (c) => c.references('team.id').onDelete('cascade'))
        .addColumn('created_by_user_id', 'text', (c) =>
          c.notNull().references('user.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('prefix', 'text', (c) => c.notNull())
        .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('last_used_at', t.timestamp)
        .addColumn('revoked_at', t.timestamp)
        .execute();
      await db.schema
        .createIndex('api_key_account_idx')
        .on('api_key')
        .columns(['account_user_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('api_expansion')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('api_key_id', 'text', (c) =>
          c.notNull().references('api_key.id').onDelete('cascade'),
        )
        .addColumn('account_user_id', 'text', (c) =>
          c.notNull().references('user.id').onDelete('cascade'),
        )
        .addColumn('upload_id', 'text', (c) =>
          c.notNull().references('upload.id').onDelete('cascade'),
        )
        .addColumn('run_id', 'text', (c) => c.notNull().unique())
        .addColumn('output_keys', 'text', (c) => c.notNull())
        .addColumn('alignment', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('webhook_url', 'text')
        .addColumn('test', t.boolean, (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('settled_at', t.timestamp)
        .execute();
      await db.schema
        .createIndex('api_expansion_upload_idx')
        .on('api_expansion')
        .column('upload_id')
        .execute();
      await db.schema
        .createTable('api_idempotency')
        .addColumn('api_key_id', 'text', (c) =>
          c.notNull().references('api_key.id').onDelete('cascade'),
        )
        .addColumn('idempotency_key', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('expansion_id', 'text', (c) =>
          c.notNull().references('api_expansion.id').onDelete('cascade'),
        )
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('api_idempotency_pk', ['api_key_id', 'idempotency_key'])
        .execute();
      await db.schema
        .alterTable('prediction')
        .addColumn('watermark', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('prediction').dropColumn('watermark').execute();
      for (const table of ['api_idempotency', 'api_expansion', 'api_key']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
