import type { EnginePool } from '@reframe/engine';
import { errorMessages } from '@reframe/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Outpainter } from '../adapters/outpainter/outpainter';
import type { RemoteStateStore } from '../adapters/outpainter/replicate/replicate-outpainter';
import type { RemoteWakeups } from '../adapters/outpainter/replicate/remote-wakeups';
import type { JobQueue } from '../adapters/queue/job-queue';
import type { Storage } from '../adapters/storage/storage';
import type { LimitsConfig } from '../platform/config/limits-config';
import type { OutpainterConfig } from '../platform/config/outpainter-config';
import type { ResizerConfig } from '../platform/config/resizer-config';
import type { DB } from '../platform/db/types';
import type { JobData, JobHandler, JobHandlers } from '../platform/jobs/job-catalogue';
import { filesRoutes } from './files/files.routes';
import { userPrefix } from './files/storage-keys';
import { historyRoutes } from './history/history.routes';
import { createHistoryService } from './history/history.service';
import { recoverPredictions, refundStaleQueued } from './prediction-recovery';
import { createPredictionRunHandler } from './prediction-run.job';
import { failAndRefund } from './predictions/prediction-settlement';
import { createPredictionWatch, type PredictionWatch } from './predictions/prediction-watch';
import {
  findPredictionForSettlement,
  findRemoteState,
  savePredictTime,
  saveRemoteId,
} from './predictions/predictions.repo';
import { predictionsRoutes } from './predictions/predictions.routes';
import { createPredictionsService, POLL_HOLD_MS } from './predictions/predictions.service';
import { providerWebhookRoutes } from './provider-webhook.routes';
import { createRunDispatch } from './runs/run-dispatch';
import { runsRoutes } from './runs/runs.routes';
import { createRunsService } from './runs/runs.service';
import { repairStoredBytes } from './uploads/stored-bytes-repair';
import { createUploadQuota } from './uploads/upload-quota';
import { createUploadSlots } from './uploads/upload-slots';
import { uploadsRoutes } from './uploads/uploads.routes';
import { createUploadsService } from './uploads/uploads.service';

export interface ResizerDeps {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  appUrl: string;
  config: ResizerConfig;
  outpainterConfig: OutpainterConfig;
  limits: LimitsConfig;
  /** The adapters main.ts chose (compose.ts). */
  storage: Storage;
  queue: JobQueue;
  /** The jobs' pool, whose codecs the job uses. */
  engine: EnginePool;
  /** The uploads' and downloads' pool. */
  uploadEngine: EnginePool;
  outpainter: Outpainter;
  /** The built-in engine, for the runs that must not reach a hosted provider (test API keys). */
  builtInOutpainter: Outpainter;
  wakeups: RemoteWakeups;
  /** Tests: a watch they can see the held polls of, and a hold longer than their time limit. */
  watch?: PredictionWatch | undefined;
  pollHoldMs?: number | undefined;
}

/** The times a prediction's job may start, which compose.ts gives pg-boss as its retries. */
export { MAX_ATTEMPTS } from './prediction-recovery';

/**
 * Where the hosted provider's outpainter (compose.ts) keeps a prediction's remote state: on the
 * prediction's row.
 */
export function predictionRemoteState(db: Kysely<DB>): RemoteStateStore {
  return {
    find: (predictionId) => findRemoteState(db, predictionId),
    saveRemoteId: (predictionId, remoteId, inputFiles) =>
      saveRemoteId(db, predictionId, remoteId, inputFiles),
    savePredictTime: (predictionId, seconds) => savePredictTime(db, predictionId, seconds),
  };
}

/** How often a job-running process repairs the quota counters and refunds lost queued jobs. */
const MAINTENANCE_INTERVAL_MS = 60 * 60_000;

/** Wires uploads, predictions and their jobs, files and history over the adapters it is given. */
export function createResizer(deps: ResizerDeps) {
  const { db, log, appUrl, config, outpainterConfig, limits } = deps;
  const { storage, queue, uploadEngine, wakeups } = deps;
  const watch = deps.watch ?? createPredictionWatch();
  const quota = createUploadQuota({ db, storage, limits: limits.uploads });
  const runDispatch = createRunDispatch({
    db,
    queue,
    maxActivePerUser: limits.jobs.maxActivePerUser,
  });
  const handlePredictionRun = createPredictionRunHandler({
    db,
    storage,
    outpainter: deps.outpainter,
    builtInOutpainter: deps.builtInOutpainter,
    codecs: deps.engine,
    log,
    timeoutMs: config.jobs.timeoutMs,
  });

  /** Runs a prediction's job, then tells who waits for it and starts the run's next ratio. */
  const runPrediction: JobHandler<'PredictionRun'> = async (data, signal) => {
    const status = await handlePredictionRun(data, signal).catch(async (error: unknown) => {
      await jobSettled(data.predictionId);
      if (!signal.aborted) await runDispatch.afterJob(data.predictionId);
      throw error;
    });
    if (status !== 'deferred') {
      await jobSettled(data.predictionId);
      if (!signal.aborted) await runDispatch.afterJob(data.predictionId);
    }
    return status;
  };

  /** A prediction whose job used up its retries (pg-boss) fails and is refunded, once. */
  async function giveUpPrediction(data: JobData<'PredictionRun'>) {
    const prediction = await findPredictionForSettlement(db, data.predictionId);
    if (prediction && (await failAndRefund(db, prediction, errorMessages.JOB_FAILED))) {
      await jobSettled(prediction.id);
    }
  }

  /** Counters recomputed from the rows; on pg-boss, queued predictions whose job was lost refunded. */
  async function maintain() {
    await repairStoredBytes({ db, storage, log });
    if (queue.kind === 'pg-boss') {
      await refundStaleQueued({
        db,
        log,
        staleAfterMs: config.jobs.staleAfterMs,
        onFailed: jobSettled,
      });
    }
  }
  const maintainInBackground = () => {
    maintain().catch((error: unknown) => log.error({ err: error }, 'maintenance failed'));
  };
  let maintenance: NodeJS.Timeout | undefined;
  /** Told of each prediction a job settled (the API's expansions, issue 30). */
  const settledListeners: ((predictionId: string) => Promise<void>)[] = [];
  async function jobSettled(predictionId: string) {
    watch.settled(predictionId);
    for (const listener of settledListeners) {
      await listener(predictionId).catch((error: unknown) =>
        log.error({ err: error, predictionId }, 'a settlement listener failed'),
      );
    }
  }
  const uploadsService = createUploadsService({
    db,
    storage,
    appUrl,
    decoder: uploadEngine,
    quota,
  });
  const uploadSlots = createUploadSlots(limits.uploads);
  const runsService = createRunsService({
    db,
    appUrl,
    jobLimits: limits.jobs,
    storageQuotaBytes: limits.uploads.storageQuotaBytes,
    dispatch: runDispatch,
    log,
    aiProvider: outpainterConfig.provider,
  });

  const plugins: ((app: FastifyInstance) => void | Promise<void>)[] = [
    uploadsRoutes({ uploadsService, quota, slots: uploadSlots }),
    predictionsRoutes({
      predictionsService: createPredictionsService({
        db,
        queue,
        appUrl,
        jobLimits: limits.jobs,
        storageQuotaBytes: limits.uploads.storageQuotaBytes,
        watch,
        pollHoldMs: deps.pollHoldMs ?? POLL_HOLD_MS,
        aiProvider: outpainterConfig.provider,
      }),
    }),
    runsRoutes({ runsService }),
    filesRoutes({ db, storage, codecs: uploadEngine }),
    historyRoutes({ historyService: createHistoryService({ db, appUrl, storage }) }),
  ];
  const webhook = outpainterConfig.provider === 'replicate' && outpainterConfig.replicate.webhook;
  if (webhook) plugins.push(providerWebhookRoutes({ db, secret: webhook.secret, wakeups }));

  return {
    storage,
    plugins,
    /** What the public API (issue 30) reuses: the app's upload path, runs and conversions. */
    uploads: { service: uploadsService, quota, slots: uploadSlots },
    runsService,
    codecs: uploadEngine,
    /** Calls `listener` after each job settles a prediction (or gives it up). */
    onPredictionSettled(listener: (predictionId: string) => Promise<void>) {
      settledListeners.push(listener);
    },
    /** Who makes the images: the built-in engine or the hosted provider (AI_PROVIDER). */
    aiProvider: outpainterConfig.provider,
    /** The hosted model REPLICATE_MODEL names; null for the engine and a pinned version. */
    hostedModel:
      outpainterConfig.provider === 'replicate' ? outpainterConfig.replicate.model : null,
    /** The queue's handler of the resizer's job (app.ts starts the queue with every domain's). */
    jobs: { PredictionRun: runPrediction } satisfies Pick<JobHandlers, 'PredictionRun'>,
    /** What the queue does with a prediction's job that gave up (pg-boss, after its retries). */
    giveUpPrediction,
    /**
     * In a process that runs jobs, once the queue has started: with the in-process queue it first
     * resumes or settles what a crash left (pg-boss retries a job whose lease ran out and, after
     * its retries, gives it up, so nothing running elsewhere is touched); then the runs' waiting
     * outputs are dispatched and the maintenance starts.
     */
    async resume() {
      if (queue.kind === 'in-process') {
        await recoverPredictions({
          db,
          queue,
          log,
          staleAfterMs: config.jobs.staleAfterMs,
          onFailed: jobSettled,
        });
      }
      await runDispatch.resumeAll();
      maintainInBackground();
      maintenance = setInterval(maintainInBackground, MAINTENANCE_INTERVAL_MS).unref();
    },
    /** Stops the maintenance; main.ts's adapters close the queue and the pools. */
    stop() {
      clearInterval(maintenance);
    },
    /** Account deletion: the user's originals and results. */
    deleteUserFiles: (userId: string) => storage.deletePrefix(userPrefix(userId)),
  };
}

export type Resizer = ReturnType<typeof createResizer>;
