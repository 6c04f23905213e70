import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { totalSize, type Storage } from '../../adapters/storage/storage';
import type { DB } from '../../platform/db/types';
import { withThumbnails } from '../files/storage-keys';
import {
  listStoredBytesForRepair,
  listStoredKeysForRepair,
  setStoredBytesForRepair,
} from './uploads.repo';

type Db = Kysely<DB>;

/** Every object a user's rows point at, with the thumbnails of each. */
async function storedKeysOf(db: Db, userId: string): Promise<Set<string>> {
  const files = new Set(await listStoredKeysForRepair(db, userId));
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
  const counters = await listStoredBytesForRepair(db);
  let repaired = 0;
  for (const counter of counters) {
    const bytes = await totalSize(storage, await storedKeysOf(db, counter.user_id));
    if (bytes === Number(counter.stored_bytes)) continue;
    await setStoredBytesForRepair(db, counter.user_id, bytes);
    repaired++;
  }
  if (repaired > 0) log.info({ repaired }, 'repaired stored-bytes counters');
  return repaired;
}
