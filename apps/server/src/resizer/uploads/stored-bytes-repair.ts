import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { totalSize, type Storage } from '../../adapters/storage/storage';
import type { DB } from '../../platform/db/types';
import { withThumbnails } from '../files/storage-keys';

type Db = Kysely<DB>;

/**
 * Every object a user's rows point at: originals, results of every version, history images, and
 * the thumbnails of each.
 */
async function storedKeysOf(db: Db, userId: string): Promise<Set<string>> {
  const [uploads, predictions, images] = await Promise.all([
    db.selectFrom('upload').select('storage_key').where('user_id', '=', userId).execute(),
    db
      .selectFrom('prediction')
      .select('output_key')
      .where('user_id', '=', userId)
      .where('output_key', 'is not', null)
      .execute(),
    db
      .selectFrom('history_image')
      .innerJoin('history_record', 'history_record.id', 'history_image.history_id')
      .select('history_image.storage_key')
      .where('history_record.user_id', '=', userId)
      .execute(),
  ]);
  const files = new Set([
    ...uploads.map((row) => row.storage_key),
    ...predictions.flatMap((row) => (row.output_key ? [row.output_key] : [])),
    ...images.map((row) => row.storage_key),
  ]);
  return new Set([...files].flatMap(withThumbnails));
}

/**
 * Sets each user's stored-bytes counter to what the objects their rows point at hold, so a
 * counter that drifted (a crash between a write and its count) is put right. Run at start and
 * then periodically; returns how many counters changed.
 */
export async function repairStoredBytes(deps: {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
}): Promise<number> {
  const { db, storage, log } = deps;
  const counters = await db
    .selectFrom('upload_quota')
    .select(['user_id', 'stored_bytes'])
    .execute();
  let repaired = 0;
  for (const counter of counters) {
    const bytes = await totalSize(storage, await storedKeysOf(db, counter.user_id));
    if (bytes === Number(counter.stored_bytes)) continue;
    await db
      .updateTable('upload_quota')
      .set({ stored_bytes: bytes })
      .where('user_id', '=', counter.user_id)
      .execute();
    repaired++;
  }
  if (repaired > 0) log.info({ repaired }, 'repaired stored-bytes counters');
  return repaired;
}
