import { createEnginePool, type EnginePool } from '@reframe/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Mailer } from './adapters/mail/mailer';
import { createOutboxMailer } from './adapters/mail/outbox-mailer';
import { createSmtpMailer } from './adapters/mail/smtp-mailer';
import { createOutpainter } from './adapters/outpainter/create-outpainter';
import { createEngineOutpainter } from './adapters/outpainter/engine-outpainter';
import type { Outpainter } from './adapters/outpainter/outpainter';
import {
  createRemoteWakeups,
  type RemoteWakeups,
} from './adapters/outpainter/replicate/remote-wakeups';
import { createPaymentProvider } from './adapters/payments/create-payment-provider';
import type { PaymentProvider } from './adapters/payments/payment-provider';
import { createInProcessQueue } from './adapters/queue/in-process-queue';
import type { JobQueue } from './adapters/queue/job-queue';
import { createPgBossQueue } from './adapters/queue/pg-boss-queue';
import { createStorage } from './adapters/storage/create-storage';
import type { Storage } from './adapters/storage/storage';
import { AdjustableClock } from './platform/clock/clock';
import type { Config } from './platform/config/env';
import type { DB } from './platform/db/types';
import { MAX_ATTEMPTS, predictionRemoteState } from './resizer/resizer.module';

/** Every adapter the app runs on, each chosen once from config. */
export interface Adapters {
  mailer: Mailer;
  storage: Storage;
  queue: JobQueue;
  /** The jobs' engine pool, one worker per job the queue runs at once. */
  engine: EnginePool;
  /** Decodes uploads and downloads on a pool of its own, so they never wait behind jobs. */
  uploadEngine: EnginePool;
  outpainter: Outpainter;
  /** The built-in engine alone, whatever AI_PROVIDER says: test API keys' runs use it. */
  builtInOutpainter: Outpainter;
  /** Lets the provider's webhook wake the job waiting for its prediction. */
  wakeups: RemoteWakeups;
  payments: PaymentProvider;
  /** The app's one clock (billing's and the webhooks'), which test mode's dev route moves forward. */
  clock: AdjustableClock;
  /** Stops the queue (running jobs get `graceMs`), then the engine pools and the mailer. */
  close(graceMs: number): Promise<void>;
}

/** Tests: adapters of their own in place of the configured ones. */
export type AdapterOverrides = {
  [K in 'mailer' | 'storage' | 'queue' | 'engine' | 'payments' | 'clock']?: Adapters[K] | undefined;
};

function createMailer(config: Readonly<Config>, log: FastifyBaseLogger): Mailer {
  const { transport, from } = config.mail;
  return transport.kind === 'smtp'
    ? createSmtpMailer(transport.url, from, log)
    : createOutboxMailer(log);
}

/** pg-boss on PostgreSQL, shared by every process; the in-process queue on SQLite. */
function createQueue(config: Readonly<Config>, log: FastifyBaseLogger): JobQueue {
  const { jobs } = config.resizer;
  if (config.db.kind !== 'postgres')
    return createInProcessQueue({ concurrency: jobs.workers, log });
  return createPgBossQueue({
    connectionString: config.db.url,
    concurrency: jobs.workers,
    leaseMs: jobs.timeoutMs,
    retryLimit: MAX_ATTEMPTS - 1,
    log,
  });
}

/** Builds every adapter from config: main.ts calls this once, the tests' app too. */
export function createAdapters(
  config: Readonly<Config>,
  log: FastifyBaseLogger,
  db: Kysely<DB>,
  overrides: AdapterOverrides = {},
): Adapters {
  const mailer = overrides.mailer ?? createMailer(config, log);
  const queue = overrides.queue ?? createQueue(config, log);
  const engine = overrides.engine ?? createEnginePool({ size: config.resizer.jobs.workers });
  const uploadEngine = createEnginePool({ size: config.resizer.uploads.decodeWorkers });
  const wakeups = createRemoteWakeups();
  const clock = overrides.clock ?? new AdjustableClock();
  return {
    mailer,
    storage: overrides.storage ?? createStorage(config.resizer.storage),
    queue,
    engine,
    uploadEngine,
    outpainter: createOutpainter({
      config: config.outpainter,
      engine,
      remoteState: predictionRemoteState(db),
      wakeups,
      log,
    }),
    builtInOutpainter: createEngineOutpainter(engine),
    wakeups,
    payments:
      overrides.payments ??
      createPaymentProvider({
        payments: config.payments,
        db,
        clock,
        appUrl: config.server.appUrl,
      }),
    clock,
    async close(graceMs) {
      await queue.close(graceMs);
      await engine.close();
      await uploadEngine.close();
      await mailer.close();
    },
  };
}
