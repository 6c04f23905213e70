import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/types';
import type {
  FillStyle,
  FramingMode,
  MadeBy,
  PredictionRow,
  PredictionTable,
} from '../resizer.tables';

/**
 * A result as stored: its file, who made it, where the original ended up on it (the result's
 * pixels) and the engine's confidence in the fill (null when not measured).
 */
export interface MadeResult {
  outputKey: string;
  madeBy: MadeBy;
  placed: { offsetX: number; offsetY: number; confidence: number | null };
  /** The result's pixel size: the canvas the framing made, or the exact size asked for. */
  size: { width: number; height: number };
  /** The part of the upload it kept, in the upload's pixels, as stored (`stored-crop.ts`). */
  crop: string;
}

type Db = Kysely<DB>;

export type NewPrediction = Omit<
  PredictionTable,
  | 'created_at'
  | 'started_at'
  | 'settled_at'
  | 'attempts'
  | 'provider'
  | 'fallback'
  | 'remote_id'
  | 'remote_status'
  | 'remote_output'
  | 'remote_error'
  | 'remote_predict_seconds'
  | 'queued_at'
  | 'offset_x'
  | 'offset_y'
  | 'confidence'
  | 'model'
  | 'remote_input_files'
  | 'team_id'
  | 'watermark'
  | 'framing'
  | 'style'
  | 'crop'
  | 'api_key_name'
> & {
  created_at: string;
  queued_at: string | null;
  team_id?: string | null;
  watermark?: number;
  api_key_name?: string | null;
  framing: FramingMode;
  style: FillStyle;
};

const UNSETTLED = ['starting', 'processing'] as const;

export async function insertPrediction(db: Db, prediction: NewPrediction): Promise<void> {
  await db
    .insertInto('prediction')
    .values({
      ...prediction,
      attempts: 0,
      started_at: null,
      settled_at: null,
      provider: null,
      fallback: 0,
      remote_id: null,
      remote_status: null,
      remote_output: null,
      remote_error: null,
      remote_predict_seconds: null,
      offset_x: null,
      offset_y: null,
      confidence: null,
    })
    .execute();
}

export function findOwnedPrediction(db: Db, userId: string, predictionId: string) {
  return db
    .selectFrom('prediction')
    .selectAll()
    .where('id', '=', predictionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Marks an unsettled prediction as running (one more attempt), unless its owner already has as
 * many others running as `runningLimit` allows them (`busy`); undefined if it is already settled.
 * `runningLimit` is asked inside the claim's transaction.
 */
export function claimForRun(
  db: Db,
  predictionId: string,
  runningLimit: (trx: Db, userId: string) => Promise<number>,
) {
  return db.transaction().execute(async (trx) => {
    const unsettled = await trx
      .selectFrom('prediction')
      .select('user_id')
      .where('id', '=', predictionId)
      .where('status', 'in', UNSETTLED)
      .executeTakeFirst();
    if (!unsettled) return undefined;
    // Holds the owner's profile row (PostgreSQL) or the write lock (SQLite) until commit, so
    // workers claiming jobs of one user at once count them one after another.
    await trx
      .updateTable('user_profile')
      .set((eb) => ({ user_id: eb.ref('user_id') }))
      .where('user_id', '=', unsettled.user_id)
      .execute();
    const running = await trx
      .selectFrom('prediction')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('user_id', '=', unsettled.user_id)
      .where('status', '=', 'processing')
      .where('id', '<>', predictionId)
      .executeTakeFirst();
    const limit = await runningLimit(trx, unsettled.user_id);
    if (Number(running?.count ?? 0) >= limit) return 'busy' as const;
    // Stamped once the owner's row is ours: the job that held the slot has settled by now.
    const now = new Date();
    return trx
      .updateTable('prediction')
      .set((eb) => ({
        status: 'processing',
        attempts: eb('attempts', '+', 1),
        started_at: now.toISOString(),
      }))
      .where('id', '=', predictionId)
      .where('status', 'in', UNSETTLED)
      .returningAll()
      .executeTakeFirst();
  });
}

/** Settles an unsettled prediction; false when something else settled it first. */
export async function settlePrediction(
  db: Db,
  predictionId: string,
  outcome: ({ status: 'succeeded' } & MadeResult) | { status: 'failed'; error: string },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('prediction')
    .set({
      status: outcome.status,
      output_key: outcome.status === 'succeeded' ? outcome.outputKey : null,
      error: outcome.status === 'failed' ? outcome.error : null,
      ...(outcome.status === 'succeeded'
        ? {
            provider: outcome.madeBy.provider,
            model: outcome.madeBy.model,
            fallback: outcome.madeBy.fallback ? 1 : 0,
            offset_x: outcome.placed.offsetX,
            offset_y: outcome.placed.offsetY,
            confidence: outcome.placed.confidence,
            width: outcome.size.width,
            height: outcome.size.height,
            crop: outcome.crop,
          }
        : {}),
      settled_at: now.toISOString(),
    })
    .where('id', '=', predictionId)
    .where('status', 'in', UNSETTLED)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Jobs a restart must resume or settle, oldest first. A run's output not yet queued is settled
 * when stale, else left for the run dispatch to queue in turn (`run_id` set, `queued_at` null).
 */
export function listUnsettledForRecovery(db: Db) {
  return db
    .selectFrom('prediction')
    .select(['id', 'user_id', 'spend_key', 'attempts', 'created_at', 'run_id', 'queued_at'])
    .where('status', 'in', UNSETTLED)
    .orderBy('created_at', 'asc')
    .execute();
}

/** Predictions marked queued before `before` that no worker has started. */
export function listStaleQueued(db: Db, before: Date) {
  return db
    .selectFrom('prediction')
    .select(['id', 'user_id', 'spend_key'])
    .where('status', '=', 'starting')
    .where('started_at', 'is', null)
    .where('queued_at', 'is not', null)
    .where('queued_at', '<', before.toISOString())
    .execute();
}

export async function incrementOperations(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('user_profile')
    .set((eb) => ({
      total_operations: eb('total_operations', '+', 1),
      operations_this_month: eb('operations_this_month', '+', 1),
      updated_at: now.toISOString(),
    }))
    .where('user_id', '=', userId)
    .execute();
}

/** Keyed by the prediction, so a job that completes twice records one event. */
export async function insertUsageEventOnce(
  db: Db,
  event: { id: string; userId: string; operationType: string },
  now: Date,
): Promise<void> {
  await db
    .insertInto('usage_event')
    .values({
      id: event.id,
      user_id: event.userId,
      operation_type: event.operationType,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/**
 * A hosted provider's prediction id and the input files it was sent, saved once; false when the
 * job holds another already.
 */
export async function saveRemoteId(
  db: Db,
  predictionId: string,
  remoteId: string,
  inputFiles: readonly string[],
) {
  const result = await db
    .updateTable('prediction')
    .set({ remote_id: remoteId, remote_input_files: JSON.stringify(inputFiles) })
    .where('id', '=', predictionId)
    .where((eb) => eb.or([eb('remote_id', 'is', null), eb('remote_id', '=', remoteId)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The run time the provider reported for the prediction's remote run, in seconds. */
export async function savePredictTime(db: Db, predictionId: string, seconds: number) {
  await db
    .updateTable('prediction')
    .set({ remote_predict_seconds: seconds })
    .where('id', '=', predictionId)
    .execute();
}

export function findRemoteState(db: Db, predictionId: string) {
  return db
    .selectFrom('prediction')
    .select([
      'remote_id',
      'remote_status',
      'remote_output',
      'remote_error',
      'remote_predict_seconds',
      'remote_input_files',
    ])
    .where('id', '=', predictionId)
    .executeTakeFirst();
}

/**
 * What a signed webhook reported for an unsettled prediction. It may arrive before the job has
 * saved the remote id (the create response is still on its way), so it saves the id too, but
 * never over a different one.
 */
export async function recordRemoteOutcome(
  db: Db,
  predictionId: string,
  outcome: {
    remoteId: string;
    status: string;
    output: string | null;
    error: string | null;
    predictSeconds: number | null;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('prediction')
    .set({
      remote_id: outcome.remoteId,
      remote_status: outcome.status,
      remote_output: outcome.output,
      remote_error: outcome.error,
      remote_predict_seconds: outcome.predictSeconds,
    })
    .where('id', '=', predictionId)
    .where('status', 'in', UNSETTLED)
    .where((eb) => eb.or([eb('remote_id', 'is', null), eb('remote_id', '=', outcome.remoteId)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a webhook delivery id; false when it was seen before (apply it once). */
export async function insertWebhookOnce(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .insertInto('provider_webhook')
    .values({ id, received_at: now.toISOString() })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** What settling a prediction needs, whatever its state. */
export function findPredictionForSettlement(db: Db, predictionId: string) {
  return db
    .selectFrom('prediction')
    .select(['id', 'user_id', 'spend_key'])
    .where('id', '=', predictionId)
    .executeTakeFirst();
}

/**
 * How many results were made before this prediction for the same upload and output, with the
 * same framing and style: a regeneration takes the search's next candidate among those.
 */
export async function countEarlierResults(
  db: Db,
  prediction: Pick<
    PredictionRow,
    'user_id' | 'upload_id' | 'aspect_ratio' | 'created_at' | 'framing' | 'style'
  >,
): Promise<number> {
  const row = await db
    .selectFrom('prediction')
    .select((eb) => eb.fn.countAll<string | number>().as('made'))
    .where('user_id', '=', prediction.user_id)
    .where('upload_id', '=', prediction.upload_id)
    .where('aspect_ratio', '=', prediction.aspect_ratio)
    .where('framing', '=', prediction.framing)
    .where('style', '=', prediction.style)
    .where('status', '=', 'succeeded')
    .where('created_at', '<', prediction.created_at)
    .executeTakeFirstOrThrow();
  return Number(row.made);
}

/** The user's jobs queued or running (the per-user job limit). */
export async function countActiveJobs(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('prediction')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['starting', 'processing'])
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The user's jobs failed with `error` since `since` (the time-out throttle). */
export async function countRecentFailures(
  db: Kysely<DB>,
  userId: string,
  error: string,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('prediction')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('status', '=', 'failed')
    .where('error', '=', error)
    .where('settled_at', '>=', since.toISOString())
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * The teams (null: none) an upload's runs were charged to so far: its history record's and its
 * predictions' that have not failed (a failed one was refunded and filed nowhere).
 */
export async function listChargedTeamsOfUpload(
  db: Db,
  uploadId: string,
): Promise<(string | null)[]> {
  const [records, predictions] = await Promise.all([
    db.selectFrom('history_record').select('team_id').where('upload_id', '=', uploadId).execute(),
    db
      .selectFrom('prediction')
      .select('team_id')
      .distinct()
      .where('upload_id', '=', uploadId)
      .where('status', '!=', 'failed')
      .execute(),
  ]);
  return [...new Set([...records, ...predictions].map((row) => row.team_id))];
}
