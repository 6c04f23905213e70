import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../platform/db/types';
import type { ApiExpansionTable } from './api.tables';
import '../resizer/resizer.tables';

type Db = Kysely<DB>;

export async function insertExpansion(
  db: Db,
  expansion: Insertable<ApiExpansionTable>,
): Promise<void> {
  await db.insertInto('api_expansion').values(expansion).execute();
}

export async function insertIdempotencyKey(
  db: Db,
  row: { apiKeyId: string; key: string; requestHash: string; expansionId: string; now: Date },
): Promise<void> {
  await db
    .insertInto('api_idempotency')
    .values({
      api_key_id: row.apiKeyId,
      idempotency_key: row.key,
      request_hash: row.requestHash,
      expansion_id: row.expansionId,
      created_at: row.now.toISOString(),
    })
    .execute();
}

export function findIdempotencyKey(db: Db, apiKeyId: string, key: string) {
  return db
    .selectFrom('api_idempotency')
    .select(['request_hash', 'expansion_id'])
    .where('api_key_id', '=', apiKeyId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** One of the account's expansions (any of its keys, revoked or not). */
export function findAccountExpansion(db: Db, accountUserId: string, id: string) {
  return db
    .selectFrom('api_expansion')
    .selectAll()
    .where('id', '=', id)
    .where('account_user_id', '=', accountUserId)
    .executeTakeFirst();
}

export function findExpansionOfRun(db: Db, runId: string) {
  return db.selectFrom('api_expansion').selectAll().where('run_id', '=', runId).executeTakeFirst();
}

/** The predictions of a run: one per output. */
export function listRunOutputs(db: Db, runId: string) {
  return db
    .selectFrom('prediction')
    .select([
      'id',
      'aspect_ratio',
      'width',
      'height',
      'status',
      'error',
      'output_key',
      'offset_x',
      'offset_y',
      'confidence',
      'crop',
    ])
    .where('run_id', '=', runId)
    .execute();
}

export function findRunOfPrediction(db: Db, predictionId: string) {
  return db
    .selectFrom('prediction')
    .select(['run_id', 'status', 'output_key'])
    .where('id', '=', predictionId)
    .executeTakeFirst();
}

/**
 * Marks the expansion settled, once: of two outputs settling at once, one UPDATE finds
 * settled_at still null and the other finds it set, on both databases.
 */
export async function markSettled(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('api_expansion')
    .set({ settled_at: now.toISOString() })
    .where('id', '=', id)
    .where('settled_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A finished output's stored file, for a signed download. */
export function findDownload(db: Db, predictionId: string) {
  return db
    .selectFrom('prediction')
    .select(['aspect_ratio', 'output_key'])
    .where('id', '=', predictionId)
    .where('status', '=', 'succeeded')
    .executeTakeFirst();
}
