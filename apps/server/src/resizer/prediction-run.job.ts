import { copy, errorMessages } from '@reframe/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { failureMessage, type Outpainter } from '../adapters/outpainter/outpainter';
import type { EnginePool } from '@reframe/engine';
import type { Storage } from '../adapters/storage/storage';
import type { DB } from '../platform/db/types';
import { planFor } from '../team/plans';
import { completePrediction, failAndRefund } from './predictions/prediction-settlement';
import {
  canvasOfPrediction,
  offsetOnResult,
  placementModeFor,
  requestCanvas,
} from './predictions/output-canvas';
import { claimForRun, countEarlierResults } from './predictions/predictions.repo';
import { storedCrop } from './predictions/stored-crop';
import { addStoredBytes } from './uploads/upload-quota';
import { extensionFor } from './files/content-type';
import { resultsFolder } from './files/storage-keys';
import { deleteWithThumbnails, storeWithThumbnails } from './files/stored-files';
import { findOwnedUpload } from './uploads/uploads.repo';
import type { JobData, JobStatus } from '../platform/jobs/job-catalogue';

export interface PredictionRunDeps {
  db: Kysely<DB>;
  storage: Storage;
  outpainter: Outpainter;
  /** The built-in engine: a test API key's runs use it whatever provider is configured. */
  builtInOutpainter: Outpainter;
  /**
   * Turns a hosted model's PNG into what is stored: lossless WebP and its thumbnails, on a
   * worker (the engine's results come back already stored so).
   */
  codecs: Pick<EnginePool, 'compactResult'>;
  log: FastifyBaseLogger;
  /** A run longer than this is aborted, failed and refunded. */
  timeoutMs: number;
}

/**
 * A user's ratios running at once, from the plan of whoever pays for their runs (the plan
 * catalogue's `processing`): a member spending a team's pool runs as many as its owner's plan.
 */
const ratiosAtOnceFor = async (trx: Kysely<DB>, userId: string) =>
  (await planFor(trx, userId, 'payer')).processing.ratiosAtOnce;

class JobTimeoutError extends Error {
  override readonly name = 'JobTimeoutError';
}

/**
 * Runs one prediction on its outpainter: claim it, extend the stored original to the target
 * canvas (the engine encodes it straight into its stored files; a hosted model's PNG is made
 * compact here), store it as lossless WebP with its thumbnails, then complete it; any failure
 * fails it and refunds its credit. A server shutdown leaves it unsettled for the next start to
 * resume.
 */
export function createPredictionRunHandler(deps: PredictionRunDeps) {
  const { db, storage, codecs, log, timeoutMs } = deps;

  return async function handlePredictionRun(
    { predictionId }: JobData<'PredictionRun'>,
    shutdown: AbortSignal,
  ): Promise<JobStatus> {
    const prediction = await claimForRun(db, predictionId, ratiosAtOnceFor);
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
      const canvas = canvasOfPrediction(prediction, upload);
      if (!canvas) throw new Error(`Unknown output ${prediction.aspect_ratio}.`);
      // A test key's run (watermarked) never reaches a hosted provider: it costs us nothing (issue 39).
      const outpainter = prediction.watermark ? deps.builtInOutpainter : deps.outpainter;
      const placement = placementModeFor(prediction.alignment, outpainter.name);
      const rank = prediction.regenerate ? await countEarlierResults(db, prediction) : 0;
      const result = await outpainter.outpaint(
        {
          predictionId,
          original,
          canvas: requestCanvas(canvas, prediction.aspect_ratio),
          seed: prediction.seed,
          placement,
          rank,
          framing: prediction.framing,
          style: prediction.style,
          originalSize: { width: upload.width, height: upload.height },
          // A test API key's result carries its watermark in every file made from it (issue 30).
          ...(prediction.watermark ? { watermark: copy.apiResults.testWatermark } : {}),
        },
        signal,
      );
      if (timeout.aborted) throw new JobTimeoutError();
      const compacting = performance.now();
      const compact =
        'files' in result ? result.files : await codecs.compactResult(result.png, { signal });
      if (timeout.aborted) throw new JobTimeoutError();
      const storing = performance.now();
      const compactMs = Math.round(storing - compacting);
      const stored = await storeWithThumbnails(storage, resultsFolder(prediction.user_id, result), {
        bytes: compact.webp,
        extension: extensionFor('webp'),
        thumbnails: compact.thumbnails,
      });
      const outputKey = stored.key;
      const storeMs = Math.round(performance.now() - storing);
      const size = { width: result.width, height: result.height };
      const onResult = { ...result.filled, outputWidth: size.width, outputHeight: size.height };
      const placed = { ...offsetOnResult(onResult, result), confidence: result.confidence };
      const crop = storedCrop(result.crop);
      const made = { outputKey, madeBy: result.madeBy, placed, size, crop };
      if (!(await completePrediction(db, prediction, upload, made))) {
        await deleteWithThumbnails(storage, outputKey);
        return 'skipped';
      }
      await addStoredBytes(db, prediction.user_id, stored.bytes);
      log.info(
        {
          predictionId,
          ms: result.ms,
          ...result.stages,
          compactMs,
          storeMs,
          bytes: compact.webp.byteLength,
          ...('png' in result && { pngBytes: result.png.byteLength }),
          ...result.madeBy,
          ...placed,
          framing: prediction.framing,
          style: prediction.style,
          crop: result.crop,
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
