import type { Kysely, Migration } from 'kysely';
import { columnTypes } from '../column-types';
import type { Dialect } from '../database';

/**
 * Teams on the Expert plan (issue 26): one team per owner, one team per member, invitations kept
 * only as a hash of their token; and, on every spend, refund, prediction and run record, the team
 * it was charged to (null: the user's own balance) and, on the ledger, the member who made it.
 * Deleting the owner deletes the team; the runs charged to it then go back to their makers.
 */
export function teams(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('team')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_user_id', 'text', (c) =>
          c.notNull().unique().references('user.id').onDelete('cascade'),
        )
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('suspended_at', t.timestamp)
        .execute();
      await db.schema
        .createTable('team_member')
        .addColumn('team_id', 'text', (c) => c.notNull().references('team.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) =>
          c.primaryKey().references('user.id').onDelete('cascade'),
        )
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('joined_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('team_member_team_id_idx')
        .on('team_member')
        .column('team_id')
        .execute();
      await db.schema
        .createTable('team_invite')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('team_id', 'text', (c) => c.notNull().references('team.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_by', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .addColumn('used_at', t.timestamp)
        .addColumn('revoked_at', t.timestamp)
        .execute();
      await db.schema
        .createIndex('team_invite_team_id_idx')
        .on('team_invite')
        .columns(['team_id', 'created_at'])
        .execute();
      for (const table of ['prediction', 'history_record', 'credit_ledger']) {
        await db.schema
          .alterTable(table)
          .addColumn('team_id', 'text', (c) => c.references('team.id').onDelete('set null'))
          .execute();
      }
      await db.schema
        .alterTable('credit_ledger')
        .addColumn('member_user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
        .execute();
      await db.schema
        .createIndex('credit_ledger_team_id_idx')
        .on('credit_ledger')
        .columns(['team_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('history_record_team_id_idx')
        .on('history_record')
        .columns(['team_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('history_record_team_id_idx').execute();
      await db.schema.dropIndex('credit_ledger_team_id_idx').execute();
      await db.schema.alterTable('credit_ledger').dropColumn('member_user_id').execute();
      for (const table of ['credit_ledger', 'history_record', 'prediction']) {
        await db.schema.alterTable(table).dropColumn('team_id').execute();
      }
      for (const table of ['team_invite', 'team_member', 'team']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
