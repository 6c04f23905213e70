import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import * as z from 'zod';

/**
 * The resizer piece of config/env.ts: where files are stored, how many engine workers run jobs,
 * how many uploads are decoded at once, and the job time limits.
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
    .enum(['disk'], { error: 'must be disk (files under STORAGE_DIR)' })
    .default('disk'),
  STORAGE_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  ENGINE_WORKERS: positiveInt('ENGINE_WORKERS=2'),
  UPLOAD_DECODE_WORKERS: positiveInt('UPLOAD_DECODE_WORKERS=2'),
  JOB_TIMEOUT_SECONDS: positiveInt('JOB_TIMEOUT_SECONDS=60'),
  JOB_STALE_AFTER_SECONDS: positiveInt('JOB_STALE_AFTER_SECONDS=600'),
};

type ResizerEnv = {
  STORAGE_DRIVER: 'disk';
  STORAGE_DIR?: string | undefined;
  ENGINE_WORKERS?: number | undefined;
  UPLOAD_DECODE_WORKERS?: number | undefined;
  JOB_TIMEOUT_SECONDS?: number | undefined;
  JOB_STALE_AFTER_SECONDS?: number | undefined;
};

export function buildResizerConfig(env: ResizerEnv, dataDir: string) {
  return {
    storage: {
      driver: env.STORAGE_DRIVER,
      dir: env.STORAGE_DIR ? resolve(dataDir, env.STORAGE_DIR) : resolve(dataDir, 'files'),
    },
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
