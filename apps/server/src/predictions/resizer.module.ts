import { createEnginePool, type EnginePool } from '@reframe/engine';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { createOutpainter } from '../adapters/outpainter/create-outpainter';
import type { OutpainterConfig } from '../adapters/outpainter/outpainter-config';
import { createRemoteWakeups } from '../adapters/outpainter/replicate/remote-wakeups';
import { createInProcessQueue } from '../adapters/queue/in-process-queue';
import type { JobQueue } from '../adapters/queue/job-queue';
import type { JobHandlers } from '../jobs/job-catalogue';
import { createDiskStorage } from '../adapters/storage/disk-storage';
import type { Storage } from '../adapters/storage/storage';
import type { DB } from '../db/types';
import { filesRoutes } from '../files/files.routes';
import { userPrefix } from '../files/storage-keys';
import { historyRoutes } from '../history/history.routes';
import { createHistoryService } from '../history/history.service';
import { createPredictionRunHandler } from '../jobs/prediction-run.job';
import { recoverPredictions } from '../jobs/prediction-recovery';
import type { ResizerConfig } from '../jobs/resizer-config';
import type { LimitsConfig } from '../config/limits-config';
import { createUploadQuota } from '../uploads/upload-quota';
import { createUploadSlots } from '../uploads/upload-slots';
import { uploadsRoutes } from '../uploads/uploads.routes';
import { createUploadsService } from '../uploads/uploads.service';
import { createPredictionWatch, type PredictionWatch } from './prediction-watch';
import { findRemoteState, saveRemoteId } from './predictions.repo';
import { predictionsRoutes } from './predictions.routes';
import { providerWebhookRoutes } from './provider-webhook.routes';
import { createPredictionsService, POLL_HOLD_MS } from './predictions.service';

export interface ResizerDeps {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  appUrl: string;
  config: ResizerConfig;
  outpainterConfig: OutpainterConfig;
  limits: LimitsConfig;
  /** main.ts passes the configured adapters; by default disk storage and an engine pool. */
  storage?: Storage;
  engine?: EnginePool;
  queue?: JobQueue;
  /** Tests: a watch they can see the held polls of, and a hold longer than their time limit. */
  watch?: PredictionWatch;
  pollHoldMs?: number;
}

/** Wires uploads, predictions and their jobs, files and history; owns the pool's lifetime. */
export function createResizer(deps: ResizerDeps) {
  const { db, log, appUrl, config, outpainterConfig, limits } = deps;
  const storage = deps.storage ?? createDiskStorage(config.storage.dir);
  const engine = deps.engine ?? createEnginePool({ size: config.jobs.workers });
  // Uploads are decoded on a pool of their own, so they never wait behind jobs.
  const uploadEngine = createEnginePool({ size: config.uploads.decodeWorkers });
  const queue = deps.queue ?? createInProcessQueue({ concurrency: config.jobs.workers, log });
  const watch = deps.watch ?? createPredictionWatch();
  const quota = createUploadQuota({ db, storage, limits: limits.uploads });
  const wakeups = createRemoteWakeups();
  const handlePredictionRun = createPredictionRunHandler({
    db,
    storage,
    outpainter: createOutpainter({
      config: outpainterConfig,
      engine,
      remoteState: {
        find: (predictionId) => findRemoteState(db, predictionId),
        saveRemoteId: (predictionId, remoteId) => saveRemoteId(db, predictionId, remoteId),
      },
      wakeups,
      log,
    }),
    log,
    timeoutMs: config.jobs.timeoutMs,
  });

  const plugins: ((app: FastifyInstance) => void | Promise<void>)[] = [
    uploadsRoutes({
      uploadsService: createUploadsService({ db, storage, appUrl, decoder: uploadEngine, quota }),
      quota,
      slots: createUploadSlots(limits.uploads),
    }),
    predictionsRoutes({
      predictionsService: createPredictionsService({
        db,
        queue,
        appUrl,
        jobLimits: limits.jobs,
        watch,
        pollHoldMs: deps.pollHoldMs ?? POLL_HOLD_MS,
      }),
    }),
    filesRoutes({ storage }),
    historyRoutes({ historyService: createHistoryService({ db, appUrl, storage }) }),
  ];
  const webhook = outpainterConfig.provider === 'replicate' && outpainterConfig.replicate.webhook;
  if (webhook) plugins.push(providerWebhookRoutes({ db, secret: webhook.secret, wakeups }));

  return {
    storage,
    queue,
    plugins,
    /** Who makes the images: the built-in engine or the hosted provider (AI_PROVIDER). */
    aiProvider: outpainterConfig.provider,
    /** Resumes or settles what a crash left, then starts taking jobs (other domains' too). */
    async start(otherJobs: Omit<JobHandlers, 'PredictionRun'>) {
      queue.start({
        ...otherJobs,
        PredictionRun: async (data, signal) => {
          try {
            return await handlePredictionRun(data, signal);
          } finally {
            watch.settled(data.predictionId);
          }
        },
      });
      await recoverPredictions({ db, queue, log, staleAfterMs: config.jobs.staleAfterMs });
    },
    async stop() {
      await queue.close();
      await engine.close();
      await uploadEngine.close();
    },
    /** Account deletion: the user's originals and results. */
    deleteUserFiles: (userId: string) => storage.deletePrefix(userPrefix(userId)),
  };
}

export type Resizer = ReturnType<typeof createResizer>;
