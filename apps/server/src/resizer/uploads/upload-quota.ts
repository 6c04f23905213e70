import type { ColumnType, Kysely } from 'kysely';
import type { Storage } from '../../adapters/storage/storage';
import type { LimitsConfig } from '../../platform/config/limits-config';
import type { DB } from '../../platform/db/types';
import { AppError } from '../../platform/http/app-error';

/** The table of migration 0007-upload-quota; bigints may come back as strings from PostgreSQL. */
export interface UploadQuotaTable {
  user_id: string;
  /** Milliseconds since the epoch. */
  window_started_at: ColumnType<number | string, number, number>;
  window_uploads: number;
  stored_bytes: ColumnType<number | string, number, number>;
}

declare module '../../platform/db/types' {
  interface DB {
    upload_quota: UploadQuotaTable;
  }
}

type Db = Kysely<DB>;

/**
 * Counts one upload attempt in the user's fixed one-hour window, in one statement (so
 * concurrent uploads each get their own count), and returns the count and the stored bytes.
 */
async function countUploadAttempt(db: Db, userId: string, windowMs: number, now: number) {
  const windowStart = now - windowMs;
  const row = await db
    .insertInto('upload_quota')
    .values({ user_id: userId, window_started_at: now, window_uploads: 1, stored_bytes: 0 })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        window_uploads: eb
          .case()
          .when('upload_quota.window_started_at', '<=', windowStart)
          .then(1)
          .else(eb('upload_quota.window_uploads', '+', 1))
          .end(),
        window_started_at: eb
          .case()
          .when('upload_quota.window_started_at', '<=', windowStart)
          .then(now)
          .else(eb.ref('upload_quota.window_started_at'))
          .end(),
      })),
    )
    .returning(['window_uploads', 'stored_bytes'])
    .executeTakeFirstOrThrow();
  return { uploads: Number(row.window_uploads), storedBytes: Number(row.stored_bytes) };
}

/**
 * Adds stored bytes to the user's total (an original or a result just written for them), or
 * takes them off (a deleted run); the total never goes below zero.
 */
export async function addStoredBytes(db: Db, userId: string, bytes: number): Promise<void> {
  await db
    .insertInto('upload_quota')
    .values({
      user_id: userId,
      window_started_at: 0,
      window_uploads: 0,
      stored_bytes: Math.max(bytes, 0),
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        stored_bytes: eb
          .case()
          .when(eb('upload_quota.stored_bytes', '+', bytes), '<', 0)
          .then(0)
          .else(eb('upload_quota.stored_bytes', '+', bytes))
          .end(),
      })),
    )
    .execute();
}

/**
 * Results count toward the storage quota before they are made: a user who has stored their
 * quota is refused (507) before any credit is spent.
 */
export async function assertStorageLeft(db: Db, userId: string, quotaBytes: number) {
  const row = await db
    .selectFrom('upload_quota')
    .select('stored_bytes')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(row?.stored_bytes ?? 0) >= quotaBytes) {
    throw new AppError('STORAGE_QUOTA_EXCEEDED', 507);
  }
}

function isDiskFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/** A write that failed for want of space is the server's 507, with the catalogue's words. */
export function diskFullAsAppError(error: unknown): unknown {
  return isDiskFull(error) ? new AppError('DISK_FULL', 507, { cause: error }) : error;
}

const HOUR_MS = 60 * 60_000;

/**
 * The upload limits, checked before the body is read: the free-disk floor for everyone, then the
 * user's upload attempts this hour (429) and stored bytes (507, as WebDAV quotas answer).
 */
export function createUploadQuota(deps: {
  db: Db;
  storage: Storage;
  limits: LimitsConfig['uploads'];
}) {
  const { db, storage, limits } = deps;
  return {
    async admit(userId: string): Promise<void> {
      if ((await storage.freeBytes()) < limits.diskFreeFloorBytes) {
        throw new AppError('DISK_FULL', 507);
      }
      const { uploads, storedBytes } = await countUploadAttempt(db, userId, HOUR_MS, Date.now());
      if (uploads > limits.perHour) throw new AppError('UPLOAD_HOURLY_LIMIT', 429);
      if (storedBytes >= limits.storageQuotaBytes) {
        throw new AppError('STORAGE_QUOTA_EXCEEDED', 507);
      }
    },
    /** Counts the bytes of an upload that was stored. */
    charge: (userId: string, bytes: number) => addStoredBytes(db, userId, bytes),
  };
}

export type UploadQuota = ReturnType<typeof createUploadQuota>;
