import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { createOutboxMailer } from '../../src/adapters/mail/outbox-mailer';
import { buildApp, type AppDeps } from '../../src/app';
import { createAdapters, type AdapterOverrides } from '../../src/compose';
import { loadConfig, type Config } from '../../src/platform/config/env';
import { openDatabase, type Database } from '../../src/platform/db/database';
import { runMigrations } from '../../src/platform/db/migrate';
import type { Mailer } from '../../src/adapters/mail/mailer';
import { createPostgresDatabase, testDatabaseKind } from './database';
import { TEST_AUTH_SECRET } from './jwt';

export const TEST_APP_URL = 'http://localhost:3000';

/**
 * What a production start requires (see SECURITY.md), as a demo so no Stripe is needed. Clients
 * of such an app send its https origin (the account helpers do).
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'p'.repeat(40),
  APP_URL: 'https://reframe.example.com',
  SMTP_URL: 'smtp://mail.example.com:587',
  PAYMENTS_DEMO_MODE: 'true',
};

export interface TestApp {
  app: FastifyInstance;
  config: Readonly<Config>;
  database: Database;
  mailer: Mailer;
  close(): Promise<void>;
}

/**
 * The real app on a temp data folder and a fresh database (a temp SQLite file, or a new
 * PostgreSQL database when TEST_DATABASE=postgres), with the outbox mailer unless one is given.
 * Limits are high unless `env` lowers them, so only the rate-limit test is ever throttled.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    mailer?: Mailer;
    /** A logger to read what the app logs (helpers/log-capture.ts); silent by default. */
    logger?: AppDeps['logger'];
    /** A payment provider (Stripe against a local mock) and a clock the test moves. */
    billing?: { provider?: AdapterOverrides['payments']; clock?: AdapterOverrides['clock'] };
    /** A storage, engine or queue in place of the configured ones; a watch and a poll hold. */
    resizer?: Pick<AdapterOverrides, 'storage' | 'engine' | 'queue'> & AppDeps['resizer'];
    /** Who hears of settled API expansions with a webhook (issue 30). */
    api?: AppDeps['api'];
    /** How long a webhook receiver has to answer an attempt. */
    webhooks?: AppDeps['webhooks'];
    /** A built web app to serve; by default there is none. */
    webDistDir?: string;
    /** Adds routes before the app is ready, e.g. one behind a guard under test. */
    extend?: (app: FastifyInstance) => void;
    /**
     * A job time limit below JOB_TIMEOUT_SECONDS' whole seconds, so a time-out test does not
     * depend on the engine being slower than a second.
     */
    jobTimeoutMs?: number;
    /**
     * Jobs the queue runs at once, past ENGINE_WORKERS' cap of one per core, for a test whose
     * engine holds its jobs instead of filling on a core.
     */
    jobWorkers?: number;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'reframe-test-'));
  const postgres = testDatabaseKind() === 'postgres' ? await createPostgresDatabase() : undefined;
  const loaded = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      APP_URL: TEST_APP_URL,
      RATE_LIMIT_MAX_PER_IP: '10000',
      RATE_LIMIT_MAX_PER_ACCOUNT: '10000',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      ...options.env,
    },
    dataDir,
  );
  const config = withJobs(loaded, {
    ...(options.jobTimeoutMs ? { timeoutMs: options.jobTimeoutMs } : {}),
    ...(options.jobWorkers ? { workers: options.jobWorkers } : {}),
  });
  const logger = options.logger ?? pino({ level: 'silent' });
  const database = openDatabase(config.db);
  await runMigrations(database);
  const { storage, engine, queue, ...resizer }: NonNullable<typeof options.resizer> =
    options.resizer ?? {};
  // The same composition as main.ts, with the outbox mailer unless the test brings one.
  const adapters = createAdapters(config, logger, database.db, {
    mailer: options.mailer ?? createOutboxMailer(logger),
    storage,
    engine,
    queue,
    payments: options.billing?.provider,
    clock: options.billing?.clock,
  });
  const app = await buildApp({
    config,
    database,
    adapters,
    logger,
    authSecret: TEST_AUTH_SECRET,
    webDistDir: options.webDistDir ?? join(dataDir, 'no-web-build'),
    resizer,
    ...(options.api ? { api: options.api } : {}),
    ...(options.webhooks ? { webhooks: options.webhooks } : {}),
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    mailer: adapters.mailer,
    async close() {
      await app.close();
      await database.destroy();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function withJobs(
  config: Readonly<Config>,
  jobs: Partial<Config['resizer']['jobs']>,
): Readonly<Config> {
  const { resizer } = config;
  return { ...config, resizer: { ...resizer, jobs: { ...resizer.jobs, ...jobs } } };
}
