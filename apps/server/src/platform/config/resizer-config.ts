import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import * as z from 'zod';

/**
 * The resizer piece of config/env.ts: where files are stored (disk or an S3 bucket), how many
 * engine workers run jobs, how many uploads are decoded at once and the job time limits (each
 * user's share of the workers comes with their plan: `processing.ratiosAtOnce`).
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

export const resizerShape = {
  STORAGE_DRIVER: z
    .enum(['disk', 's3'], {
      error: 'must be disk (files under STORAGE_DIR) or s3 (a private bucket, S3_BUCKET)',
    })
    .default('disk'),
  STORAGE_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  S3_BUCKET: z.preprocess(
    emptyAsUndefined,
    z.string().min(3, { error: 'must be a bucket name, e.g. S3_BUCKET=reframe-files' }).optional(),
  ),
  S3_REGION: z.preprocess(
    emptyAsUndefined,
    z.string().min(1, { error: 'must be a region, e.g. S3_REGION=eu-west-1' }).optional(),
  ),
  S3_ENDPOINT: z.preprocess(
    emptyAsUndefined,
    z
      .url({
        protocol: /^https?$/,
        error:
          'must be the http(s) URL of an S3-compatible store, e.g. S3_ENDPOINT=http://127.0.0.1:9000',
      })
      .optional(),
  ),
  S3_FORCE_PATH_STYLE: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false'], {
        error: 'must be true or false (true for most S3-compatible stores)',
      })
      .optional(),
  ),
  ENGINE_WORKERS: positiveInt('ENGINE_WORKERS=2'),
  UPLOAD_DECODE_WORKERS: positiveInt('UPLOAD_DECODE_WORKERS=2'),
  JOB_TIMEOUT_SECONDS: positiveInt('JOB_TIMEOUT_SECONDS=60'),
  JOB_STALE_AFTER_SECONDS: positiveInt('JOB_STALE_AFTER_SECONDS=600'),
};

type ResizerEnv = {
  STORAGE_DRIVER: 'disk' | 's3';
  STORAGE_DIR?: string | undefined;
  S3_BUCKET?: string | undefined;
  S3_REGION?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_FORCE_PATH_STYLE?: 'true' | 'false' | undefined;
  ENGINE_WORKERS?: number | undefined;
  UPLOAD_DECODE_WORKERS?: number | undefined;
  JOB_TIMEOUT_SECONDS?: number | undefined;
  JOB_STALE_AFTER_SECONDS?: number | undefined;
};

/** Variables that are fine alone but wrong together. */
export function resizerProblems(env: ResizerEnv): { path: string; message: string }[] {
  if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) {
    return [
      {
        path: 'S3_BUCKET',
        message: 'must be set when STORAGE_DRIVER=s3, e.g. S3_BUCKET=reframe-files',
      },
    ];
  }
  return [];
}

function storageConfig(env: ResizerEnv, dataDir: string) {
  return {
    driver: env.STORAGE_DRIVER,
    /** The disk driver's folder. */
    dir: env.STORAGE_DIR ? resolve(dataDir, env.STORAGE_DIR) : resolve(dataDir, 'files'),
    /** The s3 driver's bucket; credentials come from the standard AWS variables or role. */
    s3:
      env.STORAGE_DRIVER === 's3'
        ? {
            bucket: env.S3_BUCKET ?? '',
            region: env.S3_REGION ?? 'us-east-1',
            endpoint: env.S3_ENDPOINT,
            forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
          }
        : null,
  };
}

export function buildResizerConfig(env: ResizerEnv, dataDir: string) {
  return {
    storage: storageConfig(env, dataDir),
    uploads: {
      /**
       * Worker threads decoding uploads, so at most this many are decoded at once per process
       * (the rest wait their turn); two by default, one on a single core.
       */
      decodeWorkers: env.UPLOAD_DECODE_WORKERS ?? Math.min(2, availableParallelism()),
    },
    jobs: {
      /**
       * Engine worker threads, and so jobs running at once: one per core by default, and never
       * more than the cores, since a fill keeps its core busy and one more would only slow all.
       */
      workers: Math.min(env.ENGINE_WORKERS ?? availableParallelism(), availableParallelism()),
      /** A job running longer is aborted, failed and refunded (the client polls for 60 s). */
      timeoutMs: (env.JOB_TIMEOUT_SECONDS ?? 60) * 1000,
      /** At start, unsettled jobs older than this are failed and refunded instead of resumed. */
      staleAfterMs: (env.JOB_STALE_AFTER_SECONDS ?? 600) * 1000,
    },
  };
}

export type ResizerConfig = ReturnType<typeof buildResizerConfig>;
