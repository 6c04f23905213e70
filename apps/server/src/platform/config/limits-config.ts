import * as z from 'zod';

/**
 * The limits piece of config/env.ts: request time-outs, concurrent uploads, per-user upload and
 * storage quotas, the free-disk floor, per-user job limits and team invitations. Each default is documented in
 * README's configuration table and .env.example.
 */
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const positiveInt = (example: string) =>
  z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: `must be a positive whole number, e.g. ${example}` })
      .int({ error: `must be a positive whole number, e.g. ${example}` })
      .positive({ error: `must be a positive whole number, e.g. ${example}` })
      .optional(),
  );
const wholeNumber = (example: string) =>
  z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: `must be a whole number (0 or more), e.g. ${example}` })
      .int({ error: `must be a whole number (0 or more), e.g. ${example}` })
      .nonnegative({ error: `must be a whole number (0 or more), e.g. ${example}` })
      .optional(),
  );

export const limitsShape = {
  REQUEST_TIMEOUT_SECONDS: positiveInt('REQUEST_TIMEOUT_SECONDS=120'),
  MAX_CONCURRENT_UPLOADS: positiveInt('MAX_CONCURRENT_UPLOADS=8'),
  MAX_CONCURRENT_UPLOADS_PER_USER: positiveInt('MAX_CONCURRENT_UPLOADS_PER_USER=2'),
  UPLOADS_PER_HOUR: positiveInt('UPLOADS_PER_HOUR=60'),
  STORAGE_QUOTA_MB: positiveInt('STORAGE_QUOTA_MB=10240'),
  DISK_FREE_FLOOR_MB: wholeNumber('DISK_FREE_FLOOR_MB=1024'),
  MAX_ACTIVE_JOBS_PER_USER: positiveInt('MAX_ACTIVE_JOBS_PER_USER=3'),
  JOB_TIMEOUTS_PER_HOUR: positiveInt('JOB_TIMEOUTS_PER_HOUR=3'),
  TEAM_INVITES_PER_HOUR: positiveInt('TEAM_INVITES_PER_HOUR=20'),
};

type LimitsEnv = { [K in keyof typeof limitsShape]?: number | undefined };

const MB = 1024 * 1024;

export function buildLimitsConfig(env: LimitsEnv) {
  return {
    http: {
      /**
       * The whole request, headers and body, must arrive within this; then 408 and the socket
       * closes. 120 s lets a 10 MB upload through a 1 Mbit/s uplink.
       */
      requestTimeoutMs: (env.REQUEST_TIMEOUT_SECONDS ?? 120) * 1000,
    },
    uploads: {
      /** Uploads read and processed at once by this process, and by one user. */
      maxConcurrent: env.MAX_CONCURRENT_UPLOADS ?? 8,
      maxConcurrentPerUser: env.MAX_CONCURRENT_UPLOADS_PER_USER ?? 2,
      /** Upload attempts a user may start in a fixed one-hour window. */
      perHour: env.UPLOADS_PER_HOUR ?? 60,
      /** A user whose originals and results reach this many bytes can upload no more. */
      storageQuotaBytes: (env.STORAGE_QUOTA_MB ?? 10_240) * MB,
      /** Below this much free space where files are stored, every upload is refused (507). */
      diskFreeFloorBytes: (env.DISK_FREE_FLOOR_MB ?? 1024) * MB,
    },
    jobs: {
      /** Predictions a user may have queued or running at once. */
      maxActivePerUser: env.MAX_ACTIVE_JOBS_PER_USER ?? 3,
      /** After this many timed-out jobs in the last hour, a user's new predictions wait (429). */
      timeoutsPerHour: env.JOB_TIMEOUTS_PER_HOUR ?? 3,
      timeoutWindowMs: 60 * 60_000,
    },
    teams: {
      /** Invitations one team may send in the last hour; then 429 (mail flooding, issue 26). */
      invitesPerHour: env.TEAM_INVITES_PER_HOUR ?? 20,
    },
  };
}

export type LimitsConfig = ReturnType<typeof buildLimitsConfig>;
