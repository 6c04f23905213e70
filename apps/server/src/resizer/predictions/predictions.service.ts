import { randomInt, randomUUID } from 'node:crypto';
import {
  MAX_SEED,
  outputKeyOf,
  type AiProvider,
  type PredictionInput,
  type Prediction,
} from '@reframe/shared';
import type { Kysely } from 'kysely';
import type { JobQueue } from '../../adapters/queue/job-queue';
import type { LimitsConfig } from '../../platform/config/limits-config';
import { spendCredit } from '../../credits/credits.service';
import { assertPaidLikeEarlierRuns, chargeFor } from '../../team/team-access';
import type { DB } from '../../platform/db/types';
import { fileUrl } from '../files/file-urls';
import { AppError } from '../../platform/http/app-error';
import { assertStorageLeft } from '../uploads/upload-quota';
import { findOwnedUpload, lockOwnedUpload } from '../uploads/uploads.repo';
import { jobPriorityFor } from '../../team/plans';
import { assertCanStartJob } from './job-limits';
import type { PredictionWatch } from './prediction-watch';
import { DEFAULT_ALIGNMENT, outputCanvas, storedCanvas } from './output-canvas';
import {
  findOwnedPrediction,
  insertPrediction,
  listChargedTeamsOfUpload,
} from './predictions.repo';
import { runFraming } from './run-framing';
import { cropOfRow } from './stored-crop';
import type { PredictionRow } from '../resizer.tables';

export interface PredictionsServiceDeps {
  db: Kysely<DB>;
  queue: JobQueue;
  appUrl: string;
  jobLimits: LimitsConfig['jobs'];
  /** STORAGE_QUOTA_MB in bytes: results count toward it. */
  storageQuotaBytes: number;
  watch: PredictionWatch;
  /** How long a poll of an unsettled prediction waits for it to settle (POLL_HOLD_MS). */
  pollHoldMs: number;
  /** Who makes the images (AI_PROVIDER): the framings offered and their default follow it. */
  aiProvider: AiProvider;
}

/**
 * How long a poll of an unsettled prediction is held for its result: the brief's poll interval,
 * so a client polling once a second always has one poll waiting and sees the result at once.
 */
export const POLL_HOLD_MS = 1000;

const isSettled = (status: PredictionRow['status']) =>
  status === 'succeeded' || status === 'failed';

/** The result columns of a prediction just created. */
export const NOT_MADE_YET = {
  provider: null,
  fallback: 0,
  offset_x: null,
  offset_y: null,
  confidence: null,
  crop: null,
} as const;

export function toPrediction(
  row: Pick<
    PredictionRow,
    | 'id'
    | 'status'
    | 'error'
    | 'output_key'
    | 'aspect_ratio'
    | 'alignment'
    | 'width'
    | 'height'
    | 'provider'
    | 'fallback'
    | 'offset_x'
    | 'offset_y'
    | 'confidence'
    | 'framing'
    | 'style'
    | 'crop'
  >,
  appUrl: string,
): Prediction {
  return {
    id: row.id,
    status: row.status,
    error: row.error,
    output: row.status === 'succeeded' && row.output_key ? fileUrl(appUrl, row.output_key) : null,
    aspect_ratio: row.aspect_ratio,
    alignment: row.alignment,
    width: row.width,
    height: row.height,
    provider: row.provider,
    fallback: row.fallback === 1,
    offset_x: row.offset_x,
    offset_y: row.offset_y,
    confidence: row.confidence,
    framing: row.framing,
    style: row.style,
    crop: cropOfRow(row.crop),
  };
}

export function createPredictionsService({
  db,
  queue,
  appUrl,
  jobLimits,
  storageQuotaBytes,
  watch,
  pollHoldMs,
  aiProvider,
}: PredictionsServiceDeps) {
  /** The target canvas for an owned upload and an output; 404 for another's upload. */
  async function planCanvas(userId: string, input: PredictionInput) {
    const upload = await findOwnedUpload(db, userId, input.upload_id);
    if (!upload) throw new AppError('NOT_FOUND', 404);
    const canvas = outputCanvas(upload, outputKeyOf(input), input.alignment ?? DEFAULT_ALIGNMENT);
    if (!canvas) throw new AppError('INVALID_REQUEST', 400);
    return { upload, canvas };
  }

  return {
    planCanvas,

    /**
     * Takes one credit, records the prediction and queues its job in one transaction (the job
     * joins it on PostgreSQL; the in-process queue takes it last): the 202 is only sent once all
     * are committed. The credit comes from the pool of the user's active team, if any (issue 26).
     * The upload is locked first (a run's delete takes the same lock), so an
     * upload deleted meanwhile is 404 and a user over the storage quota 507, both before any
     * credit is spent. No credit left: 402 and nothing recorded; too
     * many jobs at once or too many recent time-outs: 429, and the credit stays.
     */
    async create(userId: string, input: PredictionInput): Promise<Prediction> {
      const framing = runFraming(aiProvider, input);
      const { upload, canvas } = await planCanvas(userId, input);
      const id = randomUUID();
      const spendKey = `prediction:${id}`;
      const now = new Date();
      const row = {
        id,
        user_id: userId,
        upload_id: upload.id,
        aspect_ratio: outputKeyOf(input),
        alignment: input.alignment ?? DEFAULT_ALIGNMENT,
        ...framing,
        width: canvas.outputWidth,
        height: canvas.outputHeight,
        canvas: storedCanvas(canvas),
        seed: input.seed ?? randomInt(0, MAX_SEED),
        regenerate: input.regenerate ? 1 : 0,
        status: 'starting' as const,
        error: null,
        output_key: null,
        spend_key: spendKey,
        run_id: null,
        queued_at: now.toISOString(),
        created_at: now.toISOString(),
      };
      await db.transaction().execute(async (trx) => {
        if (!(await lockOwnedUpload(trx, userId, upload.id))) throw new AppError('NOT_FOUND', 404);
        await assertStorageLeft(trx, userId, storageQuotaBytes);
        // A member of an active team spends from its pool, the owner's balance (issue 26).
        const { payerId, team } = await chargeFor(trx, userId);
        const earlierTeams = await listChargedTeamsOfUpload(trx, upload.id);
        await assertPaidLikeEarlierRuns(trx, userId, earlierTeams, payerId);
        const spent = await spendCredit(trx, { userId: payerId, key: spendKey, now, team });
        if (spent.status !== 'spent') throw new AppError('NO_CREDITS', 402);
        await assertCanStartJob(trx, userId, jobLimits, now);
        await insertPrediction(trx, { ...row, team_id: team?.teamId ?? null });
        await queue.enqueue(
          { name: 'PredictionRun', data: { predictionId: id } },
          { key: id, priority: await jobPriorityFor(trx, userId), trx },
        );
      });
      return toPrediction({ ...row, ...NOT_MADE_YET }, appUrl);
    },

    /** One poll: an unsettled prediction is answered when it settles, or after the hold. */
    async get(userId: string, predictionId: string): Promise<Prediction> {
      const wait = watch.wait(predictionId, pollHoldMs);
      const row = await findOwnedPrediction(db, userId, predictionId);
      if (!row || isSettled(row.status)) {
        wait.cancel();
        if (!row) throw new AppError('NOT_FOUND', 404);
        return toPrediction(row, appUrl);
      }
      await wait.settled;
      const latest = await findOwnedPrediction(db, userId, predictionId);
      return toPrediction(latest ?? row, appUrl);
    },
  };
}

export type PredictionsService = ReturnType<typeof createPredictionsService>;
