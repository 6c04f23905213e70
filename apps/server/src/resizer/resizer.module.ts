import { createEnginePool, type EnginePool } from '@reframe/engine';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { createOutpainter } from '../adapters/outpainter/create-outpainter';
import type { OutpainterConfig } from '../platform/config/outpainter-config';
import { createRemoteWakeups } from '../adapters/outpainter/replicate/remote-wakeups';
import { createInProcessQueue } from '../adapters/queue/in-process-queue';
import type { JobQueue } from '../adapters/queue/job-queue';
import type { JobHandlers } from '../platform/jobs/job-catalogue';
import { createPgBossQueue } from '../adapters/queue/pg-boss-queue';
import { createStorage } from '../adapters/storage/create-storage';
import type { Storage } from '../adapters/storage/storage';
import type { DB } from '../platform/db/types';
import { filesRoutes } from './files/files.routes';
import { userPrefix } from './files/storage-keys';
import { historyRoutes } from './history/history.routes';
import { createHistoryService } from './history/history.service';
import { createPredictionRunHandler } from './prediction-run.job';
import { MAX_ATTEMPTS, recoverPredictions, refundStaleQueued } from './prediction-recovery';
import type { ResizerConfig } from '../platform/config/resizer-config';
import type { LimitsConfig } from '../platform/config/limits-config';
import { createUploadQuota } from './uploads/upload-quota';
import { repairStoredBytes } from './uploads/stored-bytes-repair';
import { errorMessages } from '@reframe/shared';
import { failAndRefund } from './predictions/prediction-settlement';
import { findPredictionForSettlement } from './predictions/predictions.repo';
import { createUploadSlots } from './uploads/upload-slots';
import { uploadsRoutes } from './uploads/uploads.routes';
import { createUploadsService } from './uploads/uploads.service';
import { createPredictionWatch, type PredictionWatch } from './predictions/prediction-watch';
import { findRemoteState, savePredictTime, saveRemoteId } from './predictions/predictions.repo';
import { predictionsRoutes } from './predictions/predictions.routes';
import { providerWebhookRoutes } from './provider-webhook.routes';
import { createPredictionsService, POLL_HOLD_MS } from './predictions/predictions.service';
import { createRunDispatch } from './runs/run-dispatch';
import { runsRoutes } from './runs/runs.routes';
import { createRunsService } from './runs/runs.service';

export interface ResizerDeps {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  appUrl: string;
  config: ResizerConfig;
  outpainterConfig: OutpainterConfig;
  limits: LimitsConfig;
  /** Set on PostgreSQL: jobs then go through pg-boss there, shared by every process. */
  postgresUrl?: string | undefined;
  /** This process takes and runs jobs (ROLE=worker or all); otherwise it only enqueues. */
  runsJobs?: boolean;
  /** main.ts passes the configured adapters; by default disk storage and an engine pool. */
  storage?: Storage;
  engine?: EnginePool;
  queue?: JobQueue;
  /** Tests: a watch they can see the held polls of, and a hold longer than their time limit. */
  watch?: PredictionWatch;
  pollHoldMs?: number;
}

/** How often a job-running process repairs the quota counters and refunds lost queued jobs. */
const MAINTENANCE_INTERVAL_MS = 60 * 60_000;

/** Wires uploads, predictions and their jobs, files and history; owns the pool's lifetime. */
export function createResizer(deps: ResizerDeps) {
  const { db, log, appUrl, config, outpainterConfig, limits } = deps;
  const storage = deps.storage ?? createStorage(config.storage);
  const engine = deps.engine ?? createEnginePool({ size: config.jobs.workers });
  // Uploads and downloads are decoded on a pool of their own, so they never wait behind jobs.
  const uploadEngine = createEnginePool({ size: config.uploads.decodeWorkers });
  const queue =
    deps.queue ??
    (deps.postgresUrl
      ? createPgBossQueue({
          connectionString: deps.postgresUrl,
          concurrency: config.jobs.workers,
          leaseMs: config.jobs.timeoutMs,
          retryLimit: MAX_ATTEMPTS - 1,
          giveUp: async (job) => {
            // A renewal that gave up is simply run again by the next scheduled one.
            if (job.name !== 'PredictionRun') return;
            const prediction = await findPredictionForSettlement(db, job.data.predictionId);
            if (prediction && (await failAndRefund(db, prediction, errorMessages.JOB_FAILED))) {
              await jobSettled(prediction.id);
            }
          },
          log,
        })
      : createInProcessQueue({ concurrency: config.jobs.workers, log }));
  const runsJobs = deps.runsJobs ?? true;
  const watch = deps.watch ?? createPredictionWatch();
  const quota = createUploadQuota({ db, storage, limits: limits.uploads });
  const wakeups = createRemoteWakeups();
  const runDispatch = createRunDispatch({
    db,
    queue,
    maxActivePerUser: limits.jobs.maxActivePerUser,
  });
  const handlePredictionRun = createPredictionRunHandler({
    db,
    storage,
    outpainter: createOutpainter({
      config: outpainterConfig,
      engine,
      remoteState: {
        find: (predictionId) => findRemoteState(db, predictionId),
        saveRemoteId: (predictionId, remoteId, inputFiles) =>
          saveRemoteId(db, predictionId, remoteId, inputFiles),
        savePredictTime: (predictionId, seconds) => savePredictTime(db, predictionId, seconds),
      },
      wakeups,
      log,
    }),
    codecs: engine,
    log,
    timeoutMs: config.jobs.timeoutMs,
  });

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
    queue,
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
    /**
     * Opens the queue; a process that runs jobs also starts taking them (other domains' too).
     * With the in-process queue it first resumes or settles what a crash left; pg-boss retries a
     * job whose lease ran out and dead-letters it after its retries, so nothing running elsewhere
     * is touched.
     */
    async start(otherJobs: Omit<JobHandlers, 'PredictionRun'>) {
      if (!runsJobs) return queue.start();
      await queue.start({
        ...otherJobs,
        PredictionRun: async (data, signal) => {
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
        },
      });
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
    /** Running jobs get `graceMs` to finish before they are aborted and handed back. */
    async stop(graceMs = 0) {
      clearInterval(maintenance);
      await queue.close(graceMs);
      await engine.close();
      await uploadEngine.close();
    },
    /** Account deletion: the user's originals and results. */
    deleteUserFiles: (userId: string) => storage.deletePrefix(userPrefix(userId)),
  };
}

export type Resizer = ReturnType<typeof createResizer>;
