import { existsSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const onPostgres = process.env.TEST_DATABASE === 'postgres';
const serverTest = (path: string) => `apps/server/test/${path}`;

/**
 * The suites that touch the database dialect, the way Better Auth runs its adapter suite per
 * dialect: they run on SQLite and again on PostgreSQL. Every other suite, including any new one
 * not listed here, runs once, on SQLite. A suite belongs here when what it tests goes through
 * something the dialect changes:
 * - the schema, its migrations and column types (Better Auth's tables keep booleans and
 *   timestamps as integer and text on SQLite), and the sign-up, sign-in and token rows on them;
 * - SQL whose meaning can differ: upserts and `returning`, row counts under concurrent requests,
 *   transactions that must not both win, cursors ordered by timestamp, 32-bit columns;
 * - credits, the ledger and billing;
 * - the job queue, which is pg-boss on PostgreSQL: dispatch, deferral, leases, retries, restarts.
 * Suites whose subject is HTTP, images, files, mail or a provider's wire format run once.
 */
const dialectTests = [
  // Schema and auth tables.
  'sign-up',
  'sign-in',
  'verification',
  'password',
  'change-email',
  'delete-account',
  'rate-limit',
  'password-throttle',
  // Ids from the path, the query and the body: PostgreSQL refuses a NUL in text.
  'nul-ids',
  // Credits, the ledger and billing.
  'account-deletion-billing',
  'billing/credits',
  'billing/credits-for-payments',
  'billing/credits-used-this-month',
  'billing/payments-mode',
  'billing/plan-switch',
  'billing/renewal-job',
  'billing/second-checkout',
  'billing/stripe-second-checkout',
  'billing/stripe-webhooks',
  'billing/test-mode-checkout',
  'billing/webhook-timestamps',
  'resizer/credits-and-failures',
  'resizer/concurrent-ratios',
  // Repositories: predictions, runs, history, quotas, races and column ranges.
  'resizer/predictions',
  'resizer/bulk-runs',
  'resizer/history',
  'resizer/history-versions',
  'resizer/run-delete-races',
  'resizer/upload-limits',
  'resizer/bad-input',
  // The queue.
  'resizer/job-limits',
  'resizer/plan-concurrency',
  'resizer/restart',
  'resizer/timeouts-and-recovery',
  'resizer/run-dispatch-failure',
  'replicate/replicate-restart',
  // Teams: seats, invitations, the shared pool (concurrent spends and joins) and whose plan
  // counts for a member (the queue and the claim of a running slot).
  'team-invites',
  'team-roles',
  'team-pool',
  'team-history',
  'team-suspension',
  'team-edges',
  'team-plan',
  // The public API: keys, idempotency, parallel spends, settlement and per-key counters. The key
  // checks (api/v1-auth) and the whole flow over HTTP (api/expansion-flow) run once: they go
  // through the same key and expansion queries as these, and the flow's outputs are large.
  'api/api-keys',
  'api/key-rights',
  'api/expansion-rules',
  'api/settlement',
  'api/test-keys',
  // Every documented /v1 error code, provoked from the contract's catalogue (issue 41): its
  // credit, rate-limit and idempotency refusals answer the same on both dialects.
  'api/error-contract',
  // The public API's webhooks: the secret's first-use race, deliveries and their attempts, the
  // cap on an account's pending ones, the backoff per host, and their lane of the job queue.
  'api/webhook-delivery',
  'api/webhook-lane',
].map((name) => serverTest(`${name}.test.ts`));
const missing = dialectTests.filter((path) => !existsSync(new URL(path, import.meta.url)));
if (missing.length > 0) {
  throw new Error(`vitest.config.ts lists dialect suites that do not exist: ${missing.join(', ')}`);
}

/**
 * test/cluster needs PostgreSQL (pg-boss, several processes on one database): it runs in the
 * PostgreSQL pass only.
 */
const clusterTests = serverTest('cluster/**/*.test.ts');

const UNIT_WORKERS = 2;

/**
 * Every integration file makes its own data folder, database (a temp SQLite file or a random
 * PostgreSQL database) and ports, so files run side by side; two at a time fits 2 cores.
 */
const INTEGRATION_WORKERS = 2;

/**
 * Each integration worker imports the server once and runs its files one after another in that
 * module graph, instead of importing it afresh per file (about 8 s of a loaded core each). They
 * share nothing a file changes: each builds its own app, database and data folder from
 * helpers/test-app.ts and closes them; the app reads its config from the object the test
 * passes, not from process.env (the S3 suites all put the same test credentials there); no test
 * stubs globals, modules or timers.
 */
const INTEGRATION_ISOLATE = false;

/**
 * Files that start server processes and wait on restarts and job leases take the longest; they
 * start first, so that none is left running alone at the end of a pass. A fresh clone has no
 * cached timings for vitest to sort by.
 */
const startsFirst = /\/apps\/server\/test\/(?:cluster\/|replicate\/|resizer\/restart\.)/;

class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slow = (file: TestSpecification) => startsFirst.test(file.moduleId);
    return [...sorted.filter(slow), ...sorted.filter((file) => !slow(file))];
  }
}

const integration = {
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 60_000,
  include: onPostgres ? [...dialectTests, clusterTests] : [serverTest('**/*.test.ts')],
  exclude: [...configDefaults.exclude, ...(onPostgres ? [] : [clusterTests])],
} as const;

export default defineConfig({
  test: {
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          testTimeout: 30_000,
          // Unit files share nothing, and the engine's take seconds of one core each: two at a
          // time use both cores (vitest's default leaves one core to itself, so runs one).
          maxWorkers: UNIT_WORKERS,
        },
      },
      {
        test: {
          ...integration,
          name: 'integration',
          maxWorkers: INTEGRATION_WORKERS,
          isolate: INTEGRATION_ISOLATE,
        },
      },
    ],
  },
});
