import { isEngineInputError, type EnginePool, type ModelCanvas } from '@reframe/engine';
import type { FastifyBaseLogger } from 'fastify';
import * as z from 'zod';
import type { ReplicateConfig } from '../../../platform/config/outpainter-config';
import {
  isTimeout,
  keptWhole,
  ProviderError,
  type Outpainter,
  type OutpaintTask,
} from '../outpainter';
import { fetchOutput } from './output-fetch';
import { sendInput } from './input-files';
import { fitFor, modelFamilies } from './model-families';
import { estimatedCostUsd } from './model-prices';
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
        remote_predict_seconds: number | null;
        remote_input_files: string | null;
      }
    | undefined
  >;
  /**
   * Saves the id and the input files sent with it, once; false when the prediction is bound to
   * another already.
   */
  saveRemoteId(predictionId: string, remoteId: string, inputFiles: string[]): Promise<boolean>;
  /** The run time the provider reported for the remote prediction, in seconds. */
  savePredictTime(predictionId: string, seconds: number): Promise<void>;
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
  metrics?: { predict_time?: number | undefined } | undefined;
}

/**
 * Replicate as an outpainter: send the padded canvas, save the remote id at once (a retried job
 * adopts it instead of creating another), wait for the outcome by polling and by webhook, then
 * download the output safely and paste the original back over it. Our time-out cancels the
 * remote prediction; a shutdown leaves it running for the next start to adopt.
 */
export function createReplicateOutpainter(deps: ReplicateOutpainterDeps): Outpainter {
  const { remoteState, api, engine, config, wakeups, log } = deps;
  const family = config.model ? modelFamilies[config.model] : null;
  /** The input files uploaded for each running prediction, deleted when it settles. */
  const uploadsOf = new Map<string, string[]>();

  async function deleteUploads(predictionId: string): Promise<void> {
    const ids = uploadsOf.get(predictionId) ?? [];
    uploadsOf.delete(predictionId);
    for (const id of ids) {
      await api.deleteFile(id, AbortSignal.timeout(CANCEL_TIMEOUT_MS)).catch((error: unknown) => {
        log.warn({ predictionId, fileId: id, err: error }, 'input file could not be deleted');
      });
    }
  }

  /**
   * The remote prediction's id, with the original's pixels as the padded canvas decoded them
   * (null for an adopted prediction: the paste decodes them). They are kept while the model runs,
   * up to 64 MB for a 4000 px canvas, so that a job decodes its original once.
   */
  async function startOrAdopt(
    task: OutpaintTask,
    signal: AbortSignal,
  ): Promise<{ remoteId: string; original: ModelCanvas['original'] | null }> {
    const saved = await remoteState.find(task.predictionId);
    if (saved?.remote_id) {
      log.info(
        { predictionId: task.predictionId, remoteId: saved.remote_id },
        'adopting remote prediction',
      );
      uploadsOf.set(task.predictionId, savedInputFiles(saved.remote_input_files));
      return { remoteId: saved.remote_id, original: null };
    }
    const fit = family ? fitFor(family, task.canvas) : undefined;
    const padded = await engine.padForModel(
      { input: task.original, canvas: task.canvas, ...(fit ? { fit } : {}) },
      { signal },
    );
    const uploads: string[] = [];
    uploadsOf.set(task.predictionId, uploads);
    const sendsMask = family ? family.sends === 'canvas' : config.maskInput !== null;
    const sent = {
      image: await sendInput(api, padded.image, 'canvas.png', uploads, signal),
      mask:
        sendsMask && padded.mask
          ? await sendInput(api, padded.mask, 'mask.png', uploads, signal)
          : null,
    };
    const size = fit ?? task.canvas;
    const { request, model } = buildCreateRequest(
      config,
      { width: size.width, height: size.height, placement: padded.placement },
      sent,
      task.predictionId,
    );
    const created = await api.create(request, model, signal);
    if (!(await remoteState.saveRemoteId(task.predictionId, created.id, uploads))) {
      throw new ProviderError('failed', 'The prediction is bound to another remote prediction.');
    }
    log.info(
      { predictionId: task.predictionId, remoteId: created.id },
      'remote prediction created',
    );
    return { remoteId: created.id, original: padded.original };
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
          metrics:
            reported.remote_predict_seconds === null
              ? undefined
              : { predict_time: reported.remote_predict_seconds },
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

  /** Records the run time Replicate reported and logs the result's estimated cost. */
  async function recordCost(predictionId: string, remoteId: string, settled: Settled) {
    const seconds = settled.metrics?.predict_time ?? null;
    if (seconds !== null) await remoteState.savePredictTime(predictionId, seconds);
    log.info(
      {
        predictionId,
        remoteId,
        model: config.model ?? config.modelVersion,
        predictSeconds: seconds,
        estimatedCostUsd: config.model ? estimatedCostUsd(config.model, seconds) : null,
      },
      'remote prediction cost',
    );
  }

  return {
    name: 'replicate',
    async outpaint(task, signal) {
      const { remoteId, original } = await startOrAdopt(task, signal).catch(
        async (error: unknown) => {
          await deleteUploads(task.predictionId);
          throw error;
        },
      );
      let settled: Settled | undefined;
      try {
        settled = await waitForOutcome(task.predictionId, remoteId, signal);
        await deleteUploads(task.predictionId);
        await recordCost(task.predictionId, remoteId, settled);
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
          .pasteOriginal(
            { input: original ?? task.original, canvas: task.canvas, output: bytes },
            { signal },
          )
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
        return {
          ...result,
          ...placed,
          ...keptWhole(task),
          madeBy: { provider: 'replicate', model: config.model, fallback: false },
        };
      } catch (error) {
        // A shutdown leaves the remote prediction running for the next start to adopt.
        if (!settled && (!signal.aborted || isTimeout(signal))) {
          await cancelRemote(task.predictionId, remoteId);
          await deleteUploads(task.predictionId);
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

const inputFileIds = z.array(z.string());

/** The file ids a prediction saved with its remote id; none when missing or unreadable. */
function savedInputFiles(saved: string | null): string[] {
  if (!saved) return [];
  try {
    return inputFileIds.parse(JSON.parse(saved));
  } catch {
    return [];
  }
}
