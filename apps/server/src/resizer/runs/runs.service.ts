import { randomInt, randomUUID } from 'node:crypto';
import {
  formatMessage,
  MAX_SEED,
  type AiProvider,
  outputKeyOf,
  planAllowsBulk,
  type CreateRunBody,
  type RunResponse,
} from '@reframe/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { planFor } from '../../team/plans';
import type { LimitsConfig } from '../../platform/config/limits-config';
import { balanceOf, spendCredits, type TeamCharge } from '../../credits/credits.service';
import { assertPaidLikeEarlierRuns, chargeFor } from '../../team/team-access';
import type { DB } from '../../platform/db/types';
import { AppError } from '../../platform/http/app-error';
import { assertStorageLeft } from '../uploads/upload-quota';
import { findOwnedUpload, lockOwnedUpload } from '../uploads/uploads.repo';
import { assertNotThrottled } from '../predictions/job-limits';
import { DEFAULT_ALIGNMENT, outputCanvas, storedCanvas } from '../predictions/output-canvas';
import { NOT_MADE_YET, toPrediction } from '../predictions/predictions.service';
import {
  insertPrediction,
  listChargedTeamsOfUpload,
  type NewPrediction,
} from '../predictions/predictions.repo';
import { runFraming } from '../predictions/run-framing';
import type { RunDispatch } from './run-dispatch';

/** How the API makes a run (issue 30); the app's runs take the defaults. */
export interface RunOptions {
  /** The run's id, named by what records it. */
  runId?: string;
  /** A test key's run: nothing is charged, and its results are watermarked. */
  free?: boolean;
  /** The name of the API key that makes the run, which history shows with it. */
  apiKeyName?: string;
  /** Records what comes with the run, inside its transaction: all of it or none. */
  record?: (trx: Kysely<DB>, rows: readonly NewPrediction[]) => Promise<void>;
}

export interface RunsServiceDeps {
  db: Kysely<DB>;
  appUrl: string;
  jobLimits: LimitsConfig['jobs'];
  /** STORAGE_QUOTA_MB in bytes: results count toward it. */
  storageQuotaBytes: number;
  dispatch: RunDispatch;
  log: FastifyBaseLogger;
  /** Who makes the images (AI_PROVIDER): the framings offered and their default follow it. */
  aiProvider: AiProvider;
}

/**
 * A run: every photo times every output, one prediction (and one credit) each. Everything is
 * checked before anything is charged: the plan (several photos need Bulk Processing), the photos
 * (the user's own), the outputs and the balance; then all credits are taken and all predictions
 * recorded in one transaction, or nothing is. Its jobs wait on the server for the per-user limit.
 */
export function createRunsService({
  db,
  appUrl,
  jobLimits,
  storageQuotaBytes,
  dispatch,
  log,
  aiProvider,
}: RunsServiceDeps) {
  /** Bulk follows the plan of whoever pays: a team's members bulk-process on its owner's plan. */
  async function assertPlanAllows(userId: string, photos: number) {
    if (photos <= 1) return;
    const plan = await planFor(db, userId, 'payer');
    if (!planAllowsBulk(plan.id)) throw new AppError('BULK_NOT_IN_PLAN', 403);
  }

  async function planRows(userId: string, body: CreateRunBody, runId: string, now: Date) {
    const alignment = body.alignment ?? DEFAULT_ALIGNMENT;
    const framing = runFraming(aiProvider, body);
    const rows: NewPrediction[] = [];
    for (const uploadId of body.upload_ids) {
      const upload = await findOwnedUpload(db, userId, uploadId);
      if (!upload) throw new AppError('NOT_FOUND', 404);
      for (const spec of body.outputs) {
        const key = outputKeyOf(spec);
        const canvas = outputCanvas(upload, key, alignment);
        if (!canvas) throw new AppError('INVALID_REQUEST', 400);
        const id = randomUUID();
        rows.push({
          id,
          user_id: userId,
          upload_id: upload.id,
          aspect_ratio: key,
          alignment,
          ...framing,
          width: canvas.outputWidth,
          height: canvas.outputHeight,
          canvas: storedCanvas(canvas),
          seed: randomInt(0, MAX_SEED),
          regenerate: 0,
          status: 'starting',
          error: null,
          output_key: null,
          spend_key: `prediction:${id}`,
          run_id: runId,
          queued_at: null,
          created_at: now.toISOString(),
        });
      }
    }
    return rows;
  }

  /**
   * Checks, charges (unless `free`) and records a run in one transaction, with whatever
   * `options.record` adds to it (an API expansion), then hands its outputs to the dispatch.
   */
  async function createRun(userId: string, body: CreateRunBody, options: RunOptions = {}) {
    await assertPlanAllows(userId, body.upload_ids.length);
    const now = new Date();
    const runId = options.runId ?? randomUUID();
    const rows = await planRows(userId, body, runId, now);
    const credits = await db.transaction().execute(async (trx) => {
      // The uploads are locked in one order (a run's delete takes the same locks), so an
      // upload deleted meanwhile is 404 and nothing is spent.
      for (const uploadId of [...new Set(rows.map((row) => row.upload_id))].sort()) {
        if (!(await lockOwnedUpload(trx, userId, uploadId))) {
          throw new AppError('NOT_FOUND', 404);
        }
      }
      await assertStorageLeft(trx, userId, storageQuotaBytes);
      const { payerId, team } = await chargeFor(trx, userId);
      for (const uploadId of new Set(rows.map((row) => row.upload_id))) {
        const earlierTeams = await listChargedTeamsOfUpload(trx, uploadId);
        await assertPaidLikeEarlierRuns(trx, userId, earlierTeams, payerId);
      }
      const balance = options.free
        ? await balanceOf(trx, payerId)
        : await charge(trx, payerId, rows, now, team);
      await assertNotThrottled(trx, userId, jobLimits, now);
      for (const row of rows) {
        await insertPrediction(trx, {
          ...row,
          team_id: team?.teamId ?? null,
          watermark: options.free ? 1 : 0,
          api_key_name: options.apiKeyName ?? null,
        });
      }
      await options.record?.(trx, rows);
      return balance;
    });
    // The run is paid for and recorded: a queue that fails now leaves its outputs waiting for
    // the next dispatch (a job settling, or the start), never marked queued without a job.
    await dispatch.dispatch(userId).catch((error: unknown) => {
      log.error({ err: error, userId }, 'run dispatch failed; its outputs wait for the next');
    });
    return { credits, rows, charged: options.free ? 0 : rows.length };
  }

  async function charge(
    trx: Kysely<DB>,
    payerId: string,
    rows: readonly NewPrediction[],
    now: Date,
    team: TeamCharge | null,
  ): Promise<number> {
    const spent = await spendCredits(trx, {
      userId: payerId,
      keys: rows.map((row) => row.spend_key),
      now,
      team,
    });
    if (spent.status === 'insufficient') {
      throw new AppError('RUN_NOT_ENOUGH_CREDITS', 402, {
        message: formatMessage.runCredits(rows.length, spent.balance),
      });
    }
    return spent.balance;
  }

  return {
    createRun,
    async create(userId: string, body: CreateRunBody): Promise<RunResponse> {
      const { credits, rows } = await createRun(userId, body);
      return {
        credits,
        predictions: rows.map((row) => ({
          ...toPrediction({ ...row, ...NOT_MADE_YET }, appUrl),
          upload_id: row.upload_id,
        })),
      };
    },
  };
}

export type RunsService = ReturnType<typeof createRunsService>;
