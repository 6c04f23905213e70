import type { EnginePool } from '@reframe/engine';
import { API_EXPANSIONS_PER_MINUTE } from '@reframe/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Storage } from '../adapters/storage/storage';
import type { DB } from '../platform/db/types';
import type { Resizer } from '../resizer/resizer.module';
import { apiKeysRoutes } from './api-keys.routes';
import { createApiKeysService } from './api-keys.service';
import { createExpansionsService, type OnExpansionSettled } from './expansions.service';
import { v1Routes } from './v1.routes';

export interface ApiDeps {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  appUrl: string;
  authSecret: string;
  isProduction: boolean;
  maxActiveJobsPerUser: number;
  /** The app's upload path, runs, storage and conversions, reused as they are. */
  resizer: Pick<Resizer, 'uploads' | 'runsService' | 'onPredictionSettled'> & {
    storage: Storage;
    codecs: Pick<EnginePool, 'convertToPng' | 'convertToJpeg'>;
  };
  /** Called once when an expansion with a webhook_url settles (api-hooks delivers it). */
  onExpansionSettled: OnExpansionSettled;
}

/** The public API (issue 30): Settings' keys and /v1. */
export function createApi(deps: ApiDeps) {
  const { db, log, resizer } = deps;
  const expansionsService = createExpansionsService({
    db,
    appUrl: deps.appUrl,
    authSecret: deps.authSecret,
    isProduction: deps.isProduction,
    expansionsPerMinute: API_EXPANSIONS_PER_MINUTE,
    maxActiveJobsPerUser: deps.maxActiveJobsPerUser,
    runsService: resizer.runsService,
    uploads: resizer.uploads,
    onExpansionSettled: deps.onExpansionSettled,
    log,
  });
  resizer.onPredictionSettled((predictionId) => expansionsService.predictionSettled(predictionId));
  const plugins: ((app: FastifyInstance) => void | Promise<void>)[] = [
    apiKeysRoutes({ apiKeysService: createApiKeysService({ db }) }),
    v1Routes({
      db,
      expansionsService,
      storage: resizer.storage,
      codecs: resizer.codecs,
      authSecret: deps.authSecret,
    }),
  ];
  return { plugins };
}
