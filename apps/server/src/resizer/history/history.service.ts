import {
  resolveOutput,
  type HistoryItem,
  type HistoryPage,
  type HistoryVersion,
} from '@reframe/shared';
import type { Kysely } from 'kysely';
import { totalSize, type Storage } from '../../adapters/storage/storage';
import { toIsoString } from '../../platform/db/column-types';
import type { DB } from '../../platform/db/types';
import { cropOfRow } from '../predictions/stored-crop';
import { fileUrl } from '../files/file-urls';
import { withThumbnails } from '../files/storage-keys';
import { AppError } from '../../platform/http/app-error';
import type { HistoryRecordRow } from '../resizer.tables';
import { addStoredBytes } from '../uploads/upload-quota';
import { visibleTeamId } from '../../team/team-access';
import { lockOwnedUpload } from '../uploads/uploads.repo';
import {
  deleteUpload,
  findVisibleHistoryRecord,
  listHistoryImages,
  listHistoryPage,
  listRunFiles,
  listSucceededPredictions,
} from './history.repo';

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

export function createHistoryService(deps: { db: Kysely<DB>; appUrl: string; storage: Storage }) {
  const { db, appUrl, storage } = deps;

  /** The viewer and the team whose runs they see (issue 26). */
  async function viewerOf(userId: string) {
    return { userId, teamId: await visibleTeamId(db, userId) };
  }

  async function toItems(
    viewerId: string,
    records: (HistoryRecordRow & {
      maker_name: string | null;
      api_key_name: string | null;
      original_width: number | null;
      original_height: number | null;
    })[],
  ): Promise<HistoryItem[]> {
    const images = await listHistoryImages(
      db,
      records.map((record) => record.id),
    );
    const made = await listSucceededPredictions(
      db,
      records.map((record) => record.upload_id),
    );
    return records.map((record) => {
      const own = images.filter((image) => image.history_id === record.id);
      const versions: Record<string, HistoryVersion[]> = {};
      for (const prediction of made) {
        if (prediction.upload_id !== record.upload_id || !prediction.output_key) continue;
        (versions[prediction.aspect_ratio] ??= []).push({
          id: prediction.id,
          url: fileUrl(appUrl, prediction.output_key),
          width: prediction.width,
          height: prediction.height,
          alignment: prediction.alignment,
          offsetX: prediction.offset_x,
          offsetY: prediction.offset_y,
          confidence: prediction.confidence,
          framing: prediction.framing,
          style: prediction.style,
          crop: cropOfRow(prediction.crop),
        });
      }
      return {
        id: record.id,
        userId: record.user_id,
        uploadId: record.upload_id,
        originalImage: fileUrl(appUrl, record.original_key),
        originalFilename: record.original_filename,
        originalSize:
          record.original_width && record.original_height
            ? { width: record.original_width, height: record.original_height }
            : null,
        timestamp: toIsoString(record.created_at),
        madeBy: record.user_id === viewerId ? null : (record.maker_name ?? ''),
        apiKeyName: record.api_key_name,
        resizedImages: Object.fromEntries(
          own.map((image) => [image.aspect_ratio, fileUrl(appUrl, image.storage_key)]),
        ),
        providers: Object.fromEntries(own.map((image) => [image.aspect_ratio, image.provider])),
        models: Object.fromEntries(
          own.flatMap((image) => (image.model ? [[image.aspect_ratio, image.model]] : [])),
        ),
        versions,
        outputs: Object.fromEntries(
          own.map((image) => [
            image.aspect_ratio,
            {
              pack: resolveOutput(image.aspect_ratio)?.pack ?? null,
              width: image.width,
              height: image.height,
              alignment: image.alignment,
            },
          ]),
        ),
      };
    });
  }

  return {
    /** Newest first, `limit` per page; nextCursor is null on the last page. */
    async list(userId: string, query: { cursor?: string; limit: number }): Promise<HistoryPage> {
      const after = query.cursor ? decodeCursor(query.cursor) : undefined;
      const rows = await listHistoryPage(db, await viewerOf(userId), query.limit + 1, after);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const nextCursor =
        rows.length > query.limit && last
          ? encodeCursor(toIsoString(last.created_at), last.id)
          : null;
      return { items: await toItems(userId, page), nextCursor };
    },

    async get(userId: string, id: string): Promise<HistoryItem> {
      const record = await findVisibleHistoryRecord(db, await viewerOf(userId), id);
      if (!record) throw new AppError('NOT_FOUND', 404);
      const [item] = await toItems(userId, [record]);
      if (!item) throw new AppError('NOT_FOUND', 404);
      return item;
    },

    /**
     * Deletes a run, single-winner: the transaction first locks the run's upload row (as creating
     * a prediction does), checks that no job is unsettled (409), sizes the files, deletes the rows
     * (they cascade) and gives their bytes back to the quota. A concurrent delete waits for the
     * lock and then finds no upload (404), so the bytes are given back once. The files go after
     * the commit, by the winner alone.
     */
    async remove(userId: string, id: string): Promise<void> {
      // Only its maker deletes a run, and only while they still see it.
      const record = await findVisibleHistoryRecord(db, await viewerOf(userId), id);
      if (!record || record.user_id !== userId) throw new AppError('NOT_FOUND', 404);
      const keys = await db.transaction().execute(async (trx) => {
        const upload = await lockOwnedUpload(trx, userId, record.upload_id);
        if (!upload) return null;
        const { unsettled, resultKeys } = await listRunFiles(trx, upload.id);
        if (unsettled) throw new AppError('RUN_IN_PROGRESS', 409);
        const fileKeys = new Set([record.original_key, upload.storage_key, ...resultKeys]);
        const runKeys = [...fileKeys].flatMap(withThumbnails);
        const bytes = await totalSize(storage, runKeys);
        if (!(await deleteUpload(trx, userId, upload.id))) return null;
        await addStoredBytes(trx, userId, -bytes);
        return runKeys;
      });
      if (!keys) throw new AppError('NOT_FOUND', 404);
      for (const key of keys) await storage.delete(key);
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
