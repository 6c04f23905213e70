import { errorMessages, planOf } from '@reframe/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { failureMessage, type Outpainter } from '../adapters/outpainter/outpainter';
import { createTimestamped, type Storage } from '../adapters/storage/storage';
import type { DB } from '../db/types';
import { completePrediction, failAndRefund } from '../predictions/prediction-settlement';
import { offsetOnResult, outputCanvas, placementModeFor } from '../predictions/output-canvas';
import { claimForRun } from '../predictions/predictions.repo';
import { addStoredBytes } from '../uploads/upload-quota';
import { resultsFolder } from '../files/storage-keys';
import { findOwnedUpload } from '../uploads/uploads.repo';
import type { JobData, JobStatus } from './job-catalogue';

export interface PredictionRunDeps {
  db: Kysely<DB>;
  storage: Storage;
  outpainter: Outpainter;
  log: FastifyBaseLogger;
  /** A run longer than this is aborted, failed and refunded. */
  timeoutMs: number;
}

/** A user's ratios running at once, from their plan (the plan catalogue's `processing`). */
const ratiosAtOnceOn = (planId: string | null) => planOf(planId).processing.ratiosAtOnce;

class JobTimeoutError extends Error {
  override readonly name = 'JobTimeoutError';
}

/**
 * Runs one prediction on its outpainter: claim it, extend the stored original to the target
 * canvas, store the PNG, then complete it; any failure fails it and refunds its credit. A
 * server shutdown leaves it unsettled for the next start to resume.
 */
export function createPredictionRunHandler(deps: PredictionRunDeps) {
  const { db, storage, outpainter, log, timeoutMs } = deps;

  return async function handlePredictionRun(
    { predictionId }: JobData<'PredictionRun'>,
    shutdown: AbortSignal,
  ): Promise<JobStatus> {
    const prediction = await claimForRun(db, predictionId, ratiosAtOnceOn);
    if (!prediction) return 'skipped';
    if (prediction === 'busy') {
      log.debug(
        { predictionId },
        'prediction put back: its owner runs as many as their plan allows',
      );
      return 'deferred';
    }
    log.info({ predictionId, attempt: prediction.attempts }, 'prediction started');
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([shutdown, timeout]);
    try {
      const upload = await findOwnedUpload(db, prediction.user_id, prediction.upload_id);
      const original = upload ? await storage.read(upload.storage_key) : null;
      if (!upload || !original) throw new Error('The original image is missing.');
      const canvas = outputCanvas(upload, prediction.aspect_ratio, prediction.alignment);
      if (!canvas) throw new Error(`Unknown output ${prediction.aspect_ratio}.`);
      const placement = placementModeFor(prediction.alignment, outpainter.name);
      const result = await outpainter.outpaint(
        { predictionId, original, canvas, seed: prediction.seed, placement },
        signal,
      );
      if (timeout.aborted) throw new JobTimeoutError();
      const folder = resultsFolder(prediction.user_id, result);
      const storing = performance.now();
      const outputKey = await createTimestamped(storage, folder, result.png);
      const storeMs = Math.round(performance.now() - storing);
      const placed = { ...offsetOnResult(canvas, result), confidence: result.confidence };
      const made = { outputKey, madeBy: result.madeBy, placed };
      if (!(await completePrediction(db, prediction, upload, made))) {
        await storage.delete(outputKey);
        return 'skipped';
      }
      await addStoredBytes(db, prediction.user_id, result.png.byteLength);
      log.info(
        {
          predictionId,
          ms: result.ms,
          ...result.stages,
          storeMs,
          bytes: result.png.byteLength,
          ...result.madeBy,
          ...placed,
        },
        'prediction succeeded',
      );
      return 'succeeded';
    } catch (error) {
      if (shutdown.aborted && !timeout.aborted) throw error;
      const timedOut = timeout.aborted || error instanceof JobTimeoutError;
      log.warn({ err: error, predictionId, timedOut }, 'prediction failed; refunding');
      await failAndRefund(
        db,
        prediction,
        timedOut ? errorMessages.JOB_TIMED_OUT : failureMessage(error),
      );
      return 'failed';
    }
  };
}
