import { readFileSync } from 'node:fs';
import type { EnginePool } from '@reframe/engine';
import type { FastifyBaseLogger } from 'fastify';
import { createEngineOutpainter } from './engine-outpainter';
import { withEngineBackdrop } from './backdrop-outpainter';
import { withEngineFallback } from './fallback-outpainter';
import type { Outpainter } from './outpainter';
import type { OutpainterConfig } from '../../platform/config/outpainter-config';
import { createReplicateApi } from './replicate/replicate-api';
import { createReplicateOutpainter, type RemoteStateStore } from './replicate/replicate-outpainter';
import type { RemoteWakeups } from './replicate/remote-wakeups';

/** The outpainter AI_PROVIDER names, chosen once at start. */
export function createOutpainter(deps: {
  config: OutpainterConfig;
  engine: EnginePool;
  remoteState: RemoteStateStore;
  wakeups: RemoteWakeups;
  log: FastifyBaseLogger;
}): Outpainter {
  const { config, engine, remoteState, wakeups, log } = deps;
  const builtIn = createEngineOutpainter(engine);
  if (config.provider === 'engine') return builtIn;
  const { replicate } = config;
  const replicateOutpainter = createReplicateOutpainter({
    remoteState,
    api: createReplicateApi({ baseUrl: replicate.baseUrl, token: replicate.token }),
    engine,
    config: replicate,
    // Read once at start: a missing file stops the server here, not at the first job.
    ca: replicate.output.caFile ? readFileSync(replicate.output.caFile, 'utf8') : null,
    wakeups,
    log,
  });
  const hosted = config.fallback
    ? withEngineFallback(replicateOutpainter, builtIn, log)
    : replicateOutpainter;
  return withEngineBackdrop(hosted, builtIn);
}
