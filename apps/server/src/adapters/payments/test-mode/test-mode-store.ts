import type { Kysely } from 'kysely';
import type { DB } from '../../../platform/db/types';
import './test-mode.tables';

export type TestObjectKind =
  'customer' | 'checkout_session' | 'subscription' | 'invoice' | 'portal';

/** The test-mode provider's objects, kept as JSON in the database so a restart loses nothing. */
export function createTestModeStore(db: Kysely<DB>) {
  return {
    async get<T>(kind: TestObjectKind, id: string): Promise<T | null> {
      const row = await db
        .selectFrom('test_payment_object')
        .select('data')
        .where('id', '=', id)
        .where('kind', '=', kind)
        .executeTakeFirst();
      return row ? (JSON.parse(row.data) as T) : null;
    },
    async put<T extends { id: string }>(kind: TestObjectKind, object: T, now: Date): Promise<void> {
      const data = JSON.stringify(object);
      await db
        .insertInto('test_payment_object')
        .values({
          id: object.id,
          kind,
          data,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        .onConflict((oc) => oc.column('id').doUpdateSet({ data, updated_at: now.toISOString() }))
        .execute();
    },
    async list<T>(kind: TestObjectKind): Promise<T[]> {
      const rows = await db
        .selectFrom('test_payment_object')
        .select('data')
        .where('kind', '=', kind)
        .orderBy('created_at')
        .execute();
      return rows.map((row) => JSON.parse(row.data) as T);
    },
  };
}

export type TestModeStore = ReturnType<typeof createTestModeStore>;
