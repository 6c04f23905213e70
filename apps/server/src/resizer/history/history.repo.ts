import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/types';
import type {
  HistoryImageTable,
  HistoryRecordTable,
  OutpaintProviderName,
} from '../resizer.tables';

type Db = Kysely<DB>;

/** The run's record for this upload, created by its first result; returns its id. */
export async function ensureHistoryRecord(
  db: Db,
  record: Omit<HistoryRecordTable, 'created_at' | 'team_id'> & {
    created_at: string;
    team_id?: string | null;
  },
): Promise<string> {
  await db
    .insertInto('history_record')
    .values(record)
    .onConflict((oc) => oc.column('upload_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('history_record')
    .select('id')
    .where('upload_id', '=', record.upload_id)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Sets the result for one output (ratio label, placement or custom size); a regeneration replaces the previous one. */
export async function setHistoryImage(
  db: Db,
  image: {
    historyId: string;
    aspectRatio: string;
    storageKey: string;
    provider: OutpaintProviderName;
    model: string | null;
    alignment: HistoryImageTable['alignment'];
    width: number;
    height: number;
  },
  now: Date,
): Promise<void> {
  await db
    .insertInto('history_image')
    .values({
      history_id: image.historyId,
      aspect_ratio: image.aspectRatio,
      storage_key: image.storageKey,
      provider: image.provider,
      model: image.model,
      alignment: image.alignment,
      width: image.width,
      height: image.height,
      updated_at: now.toISOString(),
    })
    .onConflict((oc) =>
      oc.columns(['history_id', 'aspect_ratio']).doUpdateSet({
        storage_key: image.storageKey,
        provider: image.provider,
        model: image.model,
        alignment: image.alignment,
        width: image.width,
        height: image.height,
        updated_at: now.toISOString(),
      }),
    )
    .execute();
}

/**
 * The records a user sees: their own personal runs and their runs charged to `teamId`, and, with
 * `teamId`, every run charged to that team (issue 26). A run charged to another team is not theirs
 * to see any more.
 */
function visibleRecords(db: Db, userId: string, teamId: string | null) {
  return db
    .selectFrom('history_record')
    .leftJoin('user as maker', 'maker.id', 'history_record.user_id')
    .leftJoin('upload', 'upload.id', 'history_record.upload_id')
    .selectAll('history_record')
    .select((eb) => [
      'maker.name as maker_name',
      // The original's size in pixels: a result's crop is in them (issue 38).
      'upload.width as original_width',
      'upload.height as original_height',
      // A run made through the API (issue 30) names its key, recorded on its predictions.
      eb
        .selectFrom('prediction')
        .select((sub) => sub.fn.max('prediction.api_key_name').as('name'))
        .whereRef('prediction.upload_id', '=', 'history_record.upload_id')
        .as('api_key_name'),
    ])
    .where((eb) =>
      teamId === null
        ? eb.and([
            eb('history_record.user_id', '=', userId),
            eb('history_record.team_id', 'is', null),
          ])
        : eb.or([
            eb.and([
              eb('history_record.user_id', '=', userId),
              eb('history_record.team_id', 'is', null),
            ]),
            eb('history_record.team_id', '=', teamId),
          ]),
    );
}

/** One page of the records a user sees, newest first, starting after the (created_at, id) cursor. */
export function listHistoryPage(
  db: Db,
  viewer: { userId: string; teamId: string | null },
  limit: number,
  after?: { createdAt: string; id: string },
) {
  let query = visibleRecords(db, viewer.userId, viewer.teamId)
    .orderBy('history_record.created_at', 'desc')
    .orderBy('history_record.id', 'desc')
    .limit(limit);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('history_record.created_at', '<', after.createdAt),
        eb.and([
          eb('history_record.created_at', '=', after.createdAt),
          eb('history_record.id', '<', after.id),
        ]),
      ]),
    );
  }
  return query.execute();
}

/** One record the user sees (their own, or their team's), by id. */
export function findVisibleHistoryRecord(
  db: Db,
  viewer: { userId: string; teamId: string | null },
  id: string,
) {
  return visibleRecords(db, viewer.userId, viewer.teamId)
    .where('history_record.id', '=', id)
    .executeTakeFirst();
}

export function listHistoryImages(db: Db, historyIds: string[]) {
  if (historyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('history_image')
    .select([
      'history_id',
      'aspect_ratio',
      'storage_key',
      'provider',
      'model',
      'alignment',
      'width',
      'height',
    ])
    .where('history_id', 'in', historyIds)
    .orderBy('updated_at', 'asc')
    .execute();
}

/** Every result made for these uploads (first results and regenerations), oldest first. */
export function listSucceededPredictions(db: Db, uploadIds: string[]) {
  if (uploadIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('prediction')
    .select([
      'id',
      'upload_id',
      'aspect_ratio',
      'output_key',
      'width',
      'height',
      'alignment',
      'offset_x',
      'offset_y',
      'confidence',
      'framing',
      'style',
      'crop',
    ])
    .where('upload_id', 'in', uploadIds)
    .where('status', '=', 'succeeded')
    .orderBy('settled_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** The storage keys a run's deletion must remove, and whether one of its jobs is unsettled. */
export async function listRunFiles(db: Db, uploadId: string) {
  const predictions = await db
    .selectFrom('prediction')
    .select(['status', 'output_key'])
    .where('upload_id', '=', uploadId)
    .execute();
  const images = await db
    .selectFrom('history_image')
    .innerJoin('history_record', 'history_record.id', 'history_image.history_id')
    .select('history_image.storage_key')
    .where('history_record.upload_id', '=', uploadId)
    .execute();
  return {
    unsettled: predictions.some((p) => p.status !== 'succeeded' && p.status !== 'failed'),
    resultKeys: [
      ...predictions.flatMap((p) => (p.output_key ? [p.output_key] : [])),
      ...images.map((image) => image.storage_key),
    ],
  };
}

/**
 * Deletes the upload row: its predictions, history record and images go with it (cascade).
 * False when there was none left to delete.
 */
export async function deleteUpload(db: Db, userId: string, uploadId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('upload')
    .where('id', '=', uploadId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
