import { isEngineInputError, type EnginePool } from '@reframe/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { ReplicateConfig } from '../outpainter-config';
import { isTimeout, ProviderError, type Outpainter, type OutpaintTask } from '../outpainter';
import { fetchOutput } from './output-fetch';
import { firstOutputUrl, type RemoteStatus, type ReplicateApi } from './replicate-api';
import { buildCreateRequest } from './replicate-request';
import type { RemoteWakeups } from './remote-wakeups';

/** Polling: the brief's one second at first, then backing off to one poll every five. */
const FIRST_POLL_MS = 1000;
const MAX_POLL_MS = 5000;
const POLL_BACKOFF = 1.5;
/** A remote cancel gets this long of its own, since the job's signal has already fired. */
const CANCEL_TIMEOUT_MS = 10_000;

/** Where a prediction's remote id and the outcome its webhook reported are kept. */
export interface RemoteStateStore {
  find(predictionId: string): Promise<
    | {
        remote_id: string | null;
        remote_status: string | null;
        remote_output: string | null;
        remote_error: string | null;
      }
    | undefined
  >;
  /** Saves the id once; false when the prediction is bound to another already. */
  saveRemoteId(predictionId: string, remoteId: string): Promise<boolean>;
}

export interface ReplicateOutpainterDeps {
  remoteState: RemoteStateStore;
  api: ReplicateApi;
  /** The padded canvas and the final composite run on the engine's worker threads. */
  engine: Pick<EnginePool, 'padForModel' | 'pasteOriginal'>;
  config: ReplicateConfig;
  ca: string | null;
  wakeups: RemoteWakeups;
  log: FastifyBaseLogger;
}

interface Settled {
  status: RemoteStatus;
  output?: unknown;
  error?: unknown;
}

/**
 * Replicate as an outpainter: send the padded canvas, save the remote id at once (a retried job
 * adopts it instead of creating another), wait for the outcome by polling and by webhook, then
 * download the output safely and paste the original back over it. Our time-out cancels the
 * remote prediction; a shutdown leaves it running for the next start to adopt.
 */
export function createReplicateOutpainter(deps: ReplicateOutpainterDeps): Outpainter {
  const { remoteState, api, engine, config, wakeups, log } = deps;

  async function startOrAdopt(task: OutpaintTask, signal: AbortSignal): Promise<string> {
    const saved = await remoteState.find(task.predictionId);
    if (saved?.remote_id) {
      log.info(
        { predictionId: task.predictionId, remoteId: saved.remote_id },
        'adopting remote prediction',
      );
      return saved.remote_id;
    }
    const padded = await engine.padForModel(
      { input: task.original, canvas: task.canvas },
      { signal },
    );
    const created = await api.create(buildCreateRequest(config, padded, task.predictionId), signal);
    if (!(await remoteState.saveRemoteId(task.predictionId, created.id))) {
      throw new ProviderError('failed', 'The prediction is bound to another remote prediction.');
    }
    log.info(
      { predictionId: task.predictionId, remoteId: created.id },
      'remote prediction created',
    );
    return created.id;
  }

  /** The webhook's report (re-read each round) or the API's answer, whichever settles first. */
  async function waitForOutcome(
    predictionId: string,
    remoteId: string,
    signal: AbortSignal,
  ): Promise<Settled> {
    for (let delay = FIRST_POLL_MS; ; delay = Math.min(delay * POLL_BACKOFF, MAX_POLL_MS)) {
      const reported = await remoteState.find(predictionId);
      if (reported?.remote_status && isSettled(reported.remote_status)) {
        return {
          status: reported.remote_status,
          output: reported.remote_output,
          error: reported.remote_error,
        };
      }
      const remote = await api.get(remoteId, signal);
      if (isSettled(remote.status)) return remote;
      await wakeups.wait(predictionId, delay, signal);
    }
  }

  async function cancelRemote(predictionId: string, remoteId: string): Promise<void> {
    try {
      await api.cancel(remoteId, AbortSignal.timeout(CANCEL_TIMEOUT_MS));
      log.info({ predictionId, remoteId }, 'remote prediction canceled');
    } catch (error) {
      log.warn({ predictionId, remoteId, err: error }, 'remote prediction could not be canceled');
    }
  }

  return {
    name: 'replicate',
    async outpaint(task, signal) {
      const remoteId = await startOrAdopt(task, signal);
      let settled: Settled | undefined;
      try {
        settled = await waitForOutcome(task.predictionId, remoteId, signal);
        if (settled.status !== 'succeeded') {
          throw new ProviderError(
            'failed',
            `The remote prediction ${settled.status}: ${describe(settled.error)}`,
          );
        }
        const bytes = await fetchOutput(
          outputUrlOf(settled.output),
          { ...config.output, ca: deps.ca },
          signal,
        );
        const result = await engine
          .pasteOriginal({ input: task.original, canvas: task.canvas, output: bytes }, { signal })
          .catch((error: unknown) => {
            if (isEngineInputError(error)) {
              throw new ProviderError(
                'output-rejected',
                `The output is not a usable image: ${error.message}`,
                { cause: error },
              );
            }
            throw error;
          });
        const { offsetX, offsetY } = task.canvas;
        const placed = { offsetX, offsetY, confidence: null };
        return { ...result, ...placed, madeBy: { provider: 'replicate', fallback: false } };
      } catch (error) {
        // A shutdown leaves the remote prediction running for the next start to adopt.
        if (!settled && (!signal.aborted || isTimeout(signal))) {
          await cancelRemote(task.predictionId, remoteId);
        }
        throw error;
      }
    },
  };
}

function isSettled(status: string): status is 'succeeded' | 'failed' | 'canceled' {
  return status === 'succeeded' || status === 'failed' || status === 'canceled';
}

function outputUrlOf(output: unknown): string {
  const url = firstOutputUrl(output);
  if (!url) throw new ProviderError('output-rejected', 'The remote prediction has no output URL.');
  return url;
}

function describe(error: unknown): string {
  return typeof error === 'string' && error ? error.slice(0, 300) : 'no reason given';
}
