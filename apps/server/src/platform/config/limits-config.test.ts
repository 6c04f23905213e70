import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

const MB = 1024 * 1024;

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, '/srv/reframe');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected loadConfig to fail');
}

describe('the limits in config', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({}, '/srv/reframe').limits).toEqual({
      http: { requestTimeoutMs: 120_000 },
      uploads: {
        maxConcurrent: 8,
        maxConcurrentPerUser: 2,
        perHour: 60,
        storageQuotaBytes: 10_240 * MB,
        diskFreeFloorBytes: 1024 * MB,
      },
      jobs: { maxActivePerUser: 3, timeoutsPerHour: 3, timeoutWindowMs: 3_600_000 },
      teams: { invitesPerHour: 20 },
    });
  });

  it('reads each variable, and lets the disk floor be turned off with 0', () => {
    const { limits } = loadConfig(
      {
        REQUEST_TIMEOUT_SECONDS: '30',
        MAX_CONCURRENT_UPLOADS: '4',
        MAX_CONCURRENT_UPLOADS_PER_USER: '1',
        UPLOADS_PER_HOUR: '10',
        STORAGE_QUOTA_MB: '100',
        DISK_FREE_FLOOR_MB: '0',
        MAX_ACTIVE_JOBS_PER_USER: '5',
        JOB_TIMEOUTS_PER_HOUR: '2',
        TEAM_INVITES_PER_HOUR: '7',
      },
      '/srv/reframe',
    );
    expect(limits.http.requestTimeoutMs).toBe(30_000);
    expect(limits.uploads).toMatchObject({
      maxConcurrent: 4,
      maxConcurrentPerUser: 1,
      perHour: 10,
      storageQuotaBytes: 100 * MB,
      diskFreeFloorBytes: 0,
    });
    expect(limits.jobs).toMatchObject({ maxActivePerUser: 5, timeoutsPerHour: 2 });
    expect(limits.teams).toEqual({ invitesPerHour: 7 });
  });

  it('names a bad value and how to fix it', () => {
    expect(problemsOf({ MAX_ACTIVE_JOBS_PER_USER: '0', DISK_FREE_FLOOR_MB: '-1' })).toEqual([
      'DISK_FREE_FLOOR_MB must be a whole number (0 or more), e.g. DISK_FREE_FLOOR_MB=1024 (got "-1")',
      'MAX_ACTIVE_JOBS_PER_USER must be a positive whole number, e.g. MAX_ACTIVE_JOBS_PER_USER=3 (got "0")',
    ]);
  });
});
