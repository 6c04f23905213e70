/**
 * The real app on a random local port, for the bench scripts: its own data folder, migrations
 * run, the outbox mailer, and `signUpVerified` for a signed-in, verified user's cookie. Database
 * and storage follow DATABASE_URL and STORAGE_DRIVER/S3_* when they are set.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { createOutboxMailer } from '../src/adapters/mail/outbox-mailer';
import { buildApp } from '../src/app';
import { createAdapters } from '../src/compose';
import { loadConfig } from '../src/platform/config/env';
import { openDatabase } from '../src/platform/db/database';
import { runMigrations } from '../src/platform/db/migrate';

const PASSED_THROUGH = [
  'DATABASE_URL',
  'STORAGE_DRIVER',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_FORCE_PATH_STYLE',
];

export const benchStorageDriver = process.env.STORAGE_DRIVER ?? 'disk';

export async function startBenchApp(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'reframe-bench-'));
  const passThrough = Object.fromEntries(
    PASSED_THROUGH.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
  );
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, ...passThrough, ...env },
    dataDir,
  );
  const logger = pino({ level: 'silent' });
  const database = openDatabase(config.db);
  await runMigrations(database);
  const adapters = createAdapters(config, logger, database.db, {
    mailer: createOutboxMailer(logger),
  });
  const app = await buildApp({
    config,
    database,
    adapters,
    logger,
    authSecret: 'bench-secret-0123456789abcdef0123456789',
    webDistDir: join(dataDir, 'no-web'),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    origin: config.server.appUrl,
    storage: adapters.storage,
    mailer: adapters.mailer,
    database,
    async close() {
      await app.close();
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type BenchApp = Awaited<ReturnType<typeof startBenchApp>>;

/** Signs a new user up, follows the verification mail, and returns the session cookie. */
export async function signUpVerified(app: BenchApp): Promise<string> {
  const email = `bench-${randomUUID()}@example.com`;
  const response = await fetch(`${app.base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: app.origin, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', email, password: 'bench-pass-1' }),
  });
  await response.text();
  const mail = app.mailer.sent?.().find((m) => m.to === email);
  const link = new URL(/https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? '');
  const verify = await fetch(
    `${app.base}/api/auth/verify-email?token=${link.searchParams.get('oobCode') ?? ''}`,
    { headers: { origin: app.origin }, redirect: 'manual' },
  );
  await verify.text();
  return verify.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
