import { sql, type Kysely, type Migration } from 'kysely';
import { columnTypes } from '../column-types';
import type { Dialect } from '../database';

/** better-auth's core tables (user, session, account, verification), with snake_case columns. */
export function authTables(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  const now = sql`CURRENT_TIMESTAMP`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('email_verified', t.boolean, (c) => c.notNull())
        .addColumn('image', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createTable('session')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addColumn('ip_address', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .execute();
      await db.schema
        .createTable('account')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('provider_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('access_token', 'text')
        .addColumn('refresh_token', 'text')
        .addColumn('id_token', 'text')
        .addColumn('access_token_expires_at', t.timestamp)
        .addColumn('refresh_token_expires_at', t.timestamp)
        .addColumn('scope', 'text')
        .addColumn('password', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('verification')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('session_user_id_idx').on('session').column('user_id').execute();
      await db.schema.createIndex('account_user_id_idx').on('account').column('user_id').execute();
      await db.schema
        .createIndex('verification_identifier_idx')
        .on('verification')
        .column('identifier')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['verification', 'account', 'session', 'user']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
