import { configDefaults, defineConfig } from 'vitest/config';

/**
 * test/cluster needs PostgreSQL (pg-boss, several processes on one database): it runs in the
 * PostgreSQL pass of the integration tier only, not again on SQLite.
 */
const clusterTests = 'apps/server/test/cluster/**';
const onPostgres = process.env.TEST_DATABASE === 'postgres';

export default defineConfig({
  test: {
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
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...(onPostgres ? [] : [clusterTests])],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
