import type { HistoryItem, HistoryPage } from '@reframe/shared';
import type { Kysely } from 'kysely';
import { toIsoString } from '../db/column-types';
import type { DB } from '../db/types';
import { fileUrl } from '../files/file-urls';
import { AppError } from '../http/app-error';
import type { HistoryRecordRow } from '../predictions/resizer.tables';
import { findOwnedHistoryRecord, listHistoryImages, listHistoryPage } from './history.repo';

/** An opaque cursor: the last item's timestamp and id. */
function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      !Number.isNaN(Date.parse(value[0]))
    ) {
      return { createdAt: new Date(value[0]).toISOString(), id: value[1] };
    }
  } catch {
    // falls through to the 400 below
  }
  throw new AppError('INVALID_REQUEST', 400);
}

export function createHistoryService({ db, appUrl }: { db: Kysely<DB>; appUrl: string }) {
  async function toItems(records: HistoryRecordRow[]): Promise<HistoryItem[]> {
    const images = await listHistoryImages(
      db,
      records.map((record) => record.id),
    );
    return records.map((record) => {
      const own = images.filter((image) => image.history_id === record.id);
      return {
        id: record.id,
        userId: record.user_id,
        originalImage: fileUrl(appUrl, record.original_key),
        originalFilename: record.original_filename,
        timestamp: toIsoString(record.created_at),
        resizedImages: Object.fromEntries(
          own.map((image) => [image.aspect_ratio, fileUrl(appUrl, image.storage_key)]),
        ),
        providers: Object.fromEntries(own.map((image) => [image.aspect_ratio, image.provider])),
      };
    });
  }

  return {
    /** Newest first, `limit` per page; nextCursor is null on the last page. */
    async list(userId: string, query: { cursor?: string; limit: number }): Promise<HistoryPage> {
      const after = query.cursor ? decodeCursor(query.cursor) : undefined;
      const rows = await listHistoryPage(db, userId, query.limit + 1, after);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const nextCursor =
        rows.length > query.limit && last
          ? encodeCursor(toIsoString(last.created_at), last.id)
          : null;
      return { items: await toItems(page), nextCursor };
    },

    async get(userId: string, id: string): Promise<HistoryItem> {
      const record = await findOwnedHistoryRecord(db, userId, id);
      if (!record) throw new AppError('NOT_FOUND', 404);
      const [item] = await toItems([record]);
      if (!item) throw new AppError('NOT_FOUND', 404);
      return item;
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
