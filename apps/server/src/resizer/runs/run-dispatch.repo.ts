import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/types';
import '../resizer.tables';

type Db = Kysely<DB>;

/**
 * Touches the owner's profile row, which serialises dispatches of one user (row lock on
 * PostgreSQL, the write lock on SQLite), so two jobs settling at once cannot both fill the last
 * slot.
 */
export async function lockOwnerForDispatch(trx: Db, userId: string): Promise<void> {
  await trx
    .updateTable('user_profile')
    .set((eb) => ({ credits: eb('credits', '+', 0) }))
    .where('user_id', '=', userId)
    .execute();
}

/** The owner's outputs handed to the queue and not yet settled. */
export async function countDispatchedActive(trx: Db, userId: string): Promise<number> {
  const active = await trx
    .selectFrom('prediction')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['starting', 'processing'])
    .where('queued_at', 'is not', null)
    .executeTakeFirst();
  return Number(active?.count ?? 0);
}

/** The owner's oldest outputs still waiting on the server, at most `limit`. */
export async function listWaitingForDispatch(
  trx: Db,
  userId: string,
  limit: number,
): Promise<string[]> {
  const waiting = await trx
    .selectFrom('prediction')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'starting')
    .where('queued_at', 'is', null)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
  return waiting.map((row) => row.id);
}

export async function markDispatched(trx: Db, ids: string[], now: Date): Promise<void> {
  await trx
    .updateTable('prediction')
    .set({ queued_at: now.toISOString() })
    .where('id', 'in', ids)
    .execute();
}

export async function findOwnerForDispatch(db: Db, predictionId: string) {
  const row = await db
    .selectFrom('prediction')
    .select('user_id')
    .where('id', '=', predictionId)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Every user with outputs waiting on the server. */
export async function listOwnersWithWaiting(db: Db): Promise<string[]> {
  const users = await db
    .selectFrom('prediction')
    .select('user_id')
    .distinct()
    .where('status', '=', 'starting')
    .where('queued_at', 'is', null)
    .execute();
  return users.map((row) => row.user_id);
}
