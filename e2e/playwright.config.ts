import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { E2E_MODELS, modelPortVariable, replicateServerEnv } from './support/replicate';

const chromiumPath = '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  throw new Error(
    `Chromium was not found at ${chromiumPath}. Install Debian's build with: apt-get install -y chromium`,
  );
}

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** A port nobody listens on right now, asked of the OS by a throwaway listener. */
function findFreePort(): string {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();});";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}

// Playwright evaluates this file again in every worker; the environment pins the port and the
// data folder chosen by the first evaluation so that every process talks to the same server.
process.env.E2E_PORT ??= findFreePort();
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'reframe-e2e-'));
process.env.E2E_REPLICATE_PORT ??= findFreePort();
process.env.E2E_REPLICATE_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'reframe-e2e-replicate-'));
process.env.FAKE_REPLICATE_API_PORT ??= findFreePort();
process.env.FAKE_REPLICATE_FILES_PORT ??= findFreePort();
for (const model of E2E_MODELS) process.env[modelPortVariable(model)] ??= findFreePort();
process.env.E2E_MODELS_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'reframe-e2e-models-'));
process.env.E2E_PG_PORT ??= findFreePort();
process.env.E2E_PG_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'reframe-e2e-pg-'));
// The PostgreSQL server's database: named here, made by its webServer command (so that tools
// which only read this file, such as knip, create nothing) and dropped by global-teardown.
process.env.E2E_PG_DATABASE ??= `reframe_e2e_${randomBytes(6).toString('hex')}`;
const modelsDataDir = process.env.E2E_MODELS_DATA_DIR;
const port = process.env.E2E_PORT;
const baseURL = `http://localhost:${port}`;
const replicatePort = process.env.E2E_REPLICATE_PORT;
const fakeApiPort = process.env.FAKE_REPLICATE_API_PORT;
const pgPort = process.env.E2E_PG_PORT;
const pgDatabase = process.env.E2E_PG_DATABASE;

const serverEnv = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  // Every spec signs up and in many times from one IP; one integration test proves the limit.
  RATE_LIMIT_MAX_PER_IP: '100000',
  RATE_LIMIT_MAX_PER_ACCOUNT: '100000',
};

export default defineConfig({
  testDir: './specs',
  // Each spec signs up its own users, so spec files run two at a time (one per core); the tests
  // of one file keep their order.
  fullyParallel: false,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  globalTeardown: './support/global-teardown.ts',
  use: {
    baseURL,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: 'billing.spec.ts',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    {
      // The billing journeys move the server's billing clock a month on, which renews every
      // subscription on it: they run once every other spec on that server has finished, so no
      // other spec sees its credits topped up mid-test.
      name: 'chromium-billing-clock',
      testMatch: 'billing.spec.ts',
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    {
      // Issue 26's "the same journey passes on PostgreSQL": the teams journey once more, against
      // the server backed by PostgreSQL; every other spec runs once, on SQLite.
      name: 'chromium-postgres',
      testMatch: 'teams.spec.ts',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1440, height: 900 },
        baseURL: `http://localhost:${pgPort}`,
      },
    },
  ],
  webServer: [
    {
      command: 'node scripts/run.mjs serve',
      cwd: repoRoot,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { ...serverEnv, PORT: port, APP_URL: baseURL, DATA_DIR: process.env.E2E_DATA_DIR },
    },
    {
      // The same build on a fresh PostgreSQL database (the chromium-postgres project);
      // PostgreSQL runs at 127.0.0.1:5432, as for the integration tests.
      command: `createdb -h 127.0.0.1 -U postgres ${pgDatabase} && node scripts/run.mjs serve`,
      cwd: repoRoot,
      url: `http://localhost:${pgPort}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...serverEnv,
        PORT: pgPort,
        APP_URL: `http://localhost:${pgPort}`,
        DATA_DIR: process.env.E2E_PG_DATA_DIR,
        DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${pgDatabase}`,
      },
    },
    {
      // The fake Replicate: it answers 401 to a call without the token, which counts as up.
      command: 'node --import tsx e2e/support/fake-replicate.ts',
      cwd: repoRoot,
      url: `http://127.0.0.1:${fakeApiPort}/v1/predictions`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        FAKE_REPLICATE_API_PORT: fakeApiPort,
        FAKE_REPLICATE_FILES_PORT: process.env.FAKE_REPLICATE_FILES_PORT,
      },
    },
    {
      // The same build with AI_PROVIDER=replicate (e2e/specs/replicate-resizer.spec.ts).
      command: 'node scripts/run.mjs serve',
      cwd: repoRoot,
      url: `http://localhost:${replicatePort}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...serverEnv,
        ...replicateServerEnv(fakeApiPort),
        PORT: replicatePort,
        APP_URL: `http://localhost:${replicatePort}`,
        DATA_DIR: process.env.E2E_REPLICATE_DATA_DIR,
      },
    },
    // One server per hosted model, REPLICATE_MODEL=<owner>/<name> (replicate-models.spec.ts).
    ...E2E_MODELS.map((model) => {
      const modelPort = process.env[modelPortVariable(model)];
      const dataDir = join(modelsDataDir, model.replace('/', '-'));
      mkdirSync(dataDir, { recursive: true });
      return {
        command: 'node scripts/run.mjs serve',
        cwd: repoRoot,
        url: `http://localhost:${modelPort}/api/health`,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'ignore' as const,
        stderr: 'pipe' as const,
        env: {
          ...serverEnv,
          ...replicateServerEnv(fakeApiPort, model),
          PORT: modelPort ?? '',
          APP_URL: `http://localhost:${modelPort}`,
          DATA_DIR: dataDir,
        },
      };
    }),
  ],
});
