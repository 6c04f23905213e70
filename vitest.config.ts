import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const onPostgres = process.env.TEST_DATABASE === 'postgres';
const serverTest = (path: string) => `apps/server/test/${path}`;

/**
 * test/cluster needs PostgreSQL (pg-boss, several processes on one database): it runs in the
 * PostgreSQL pass of the integration tier only, not again on SQLite.
 */
const clusterTests = serverTest('cluster/**');

/**
 * Suites whose behaviour does not depend on the database dialect (headers, lint rules, mail,
 * logs, file modes, request time-outs, image decoding): they run once, in the SQLite pass. Every
 * other suite, including any new one, runs on both SQLite and PostgreSQL.
 */
const dialectFreeTests = [
  'health-and-headers',
  'web-app',
  'lint-rules',
  'smtp-mail',
  'dev-mailbox',
  'request-timeouts',
  'file-permissions',
  'no-tokens-in-logs',
  'private-responses',
  'common-passwords',
  'auth-events',
  'resizer/upload-fault',
  'resizer/hostile-uploads',
].map((name) => serverTest(`${name}.test.ts`));

/**
 * Every integration file makes its own data folder, database (a temp SQLite file or a random
 * PostgreSQL database) and ports, so files run side by side; two at a time fits 2 cores.
 */
const INTEGRATION_WORKERS = 2;

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
  exclude: [...configDefaults.exclude, ...(onPostgres ? dialectFreeTests : [clusterTests])],
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
        },
      },
      {
        test: {
          ...integration,
          name: 'integration',
          include: [serverTest('**/*.test.ts')],
          maxWorkers: INTEGRATION_WORKERS,
        },
      },
    ],
  },
});
