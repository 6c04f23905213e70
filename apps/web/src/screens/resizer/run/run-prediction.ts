import {
  type Alignment,
  type Crop,
  type FillStyle,
  type FramingMode,
  errorMessages,
  formatMessage,
  type Prediction,
  type PredictionInput,
} from '@reframe/shared';
import { MAX_POLLS, POLL_INTERVAL_MS, RETRY_DELAY_MS, shouldRetry } from './retry-rule';

/** The calls one prediction needs; the screen passes the real API, tests pass fakes. */
export interface PredictionApi {
  start(input: PredictionInput): Promise<Prediction>;
  get(id: string): Promise<Prediction>;
  debug?(input: PredictionInput): Promise<void>;
}

/** What the queue shows while a prediction runs. */
export type PredictionProgress =
  | { kind: 'started'; status: Prediction['status'] }
  | { kind: 'polled'; status: Prediction['status']; poll: number }
  | { kind: 'retrying'; attempt: number };

/** What following a started prediction needs; onProgress may throw to stop following it. */
export interface FollowDeps {
  api: Pick<PredictionApi, 'get'>;
  sleep(ms: number): Promise<void>;
  /** Milliseconds on a monotonic clock, to keep polls a second apart. */
  now(): number;
  onProgress(progress: PredictionProgress): void;
}

interface PredictionRunDeps extends FollowDeps {
  api: PredictionApi;
  /** A number in [0, 1), for the seed. */
  random(): number;
}

export interface ExpandedImage {
  ratio: string;
  url: string;
  width: number;
  height: number;
  /** The alignment asked for ('auto': the engine chose where the original sits). */
  alignment: Alignment;
  /** Where the original ended up, in the result's pixels (null for older results). */
  offsetX: number | null;
  offsetY: number | null;
  /** The engine's confidence in the fill; null when not measured (a hosted provider). */
  confidence: number | null;
  /** The framing and style it was made with, and the part of the original it kept (issue 38). */
  framing: FramingMode;
  style: FillStyle;
  crop: Crop | null;
}

/** The brief's AI input: a random integer seed below 1,000,000, new on every call. */
const SEED_LIMIT = 1_000_000;

class FinalError extends Error {}

function isHttpUrl(value: unknown): value is string {
  return typeof value === 'string' && /^https?:\/\//.test(value);
}

function toResult(prediction: Prediction): ExpandedImage {
  if (!isHttpUrl(prediction.output)) throw new FinalError(errorMessages.MALFORMED_IMAGE_URL);
  const { aspect_ratio: ratio, output: url, width, height, alignment, confidence } = prediction;
  return {
    ratio,
    url,
    width,
    height,
    alignment,
    offsetX: prediction.offset_x,
    offsetY: prediction.offset_y,
    confidence,
    framing: prediction.framing,
    style: prediction.style,
    crop: prediction.crop,
  };
}

/**
 * Polls until the job settles, the first poll at once and each next one a second after the one
 * before began: the server holds a poll until the job settles or the second is up, so the result
 * is seen as soon as it is stored. A failed job throws its (retryable) reason.
 */
async function pollUntilSettled(first: Prediction, deps: FollowDeps): Promise<Prediction> {
  let prediction = first;
  let lastPollAt: number | null = null;
  for (let poll = 1; poll <= MAX_POLLS; poll += 1) {
    if (prediction.status === 'succeeded' || prediction.status === 'failed') break;
    if (lastPollAt !== null) {
      await deps.sleep(Math.max(0, lastPollAt + POLL_INTERVAL_MS - deps.now()));
    }
    lastPollAt = deps.now();
    try {
      prediction = await deps.api.get(prediction.id);
    } catch (error) {
      throw new FinalError(error instanceof Error ? error.message : String(error));
    }
    deps.onProgress({ kind: 'polled', status: prediction.status, poll });
  }
  if (prediction.status === 'failed') {
    throw new Error(formatMessage.expansionFailed(prediction.error ?? prediction.status));
  }
  if (prediction.status !== 'succeeded') throw new FinalError(errorMessages.PROCESSING_TIMEOUT);
  return prediction;
}

/**
 * A started prediction to its result: polled as above, at most 60 times. A single ratio and each
 * output of a bulk run are followed by this one loop.
 */
export async function followPrediction(
  started: Prediction,
  deps: FollowDeps,
): Promise<ExpandedImage> {
  return toResult(await pollUntilSettled(started, deps));
}

async function attemptOnce(
  input: Omit<PredictionInput, 'seed'>,
  deps: PredictionRunDeps,
): Promise<ExpandedImage> {
  const withSeed: PredictionInput = { ...input, seed: Math.floor(deps.random() * SEED_LIMIT) };
  await deps.api.debug?.(withSeed);
  const started = await deps.api.start(withSeed);
  deps.onProgress({ kind: 'started', status: started.status });
  return followPrediction(started, deps);
}

/**
 * Runs one ratio to its result: start, poll at most once a second (60 polls, then the timeout
 * message), and retry a transient start or job failure twice, 2 s apart. Poll failures, the
 * timeout and a malformed answer are final: retrying them would only spend more time.
 */
export async function runPrediction(
  input: Omit<PredictionInput, 'seed'>,
  deps: PredictionRunDeps,
): Promise<ExpandedImage> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await attemptOnce(input, deps);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof FinalError || !shouldRetry(message, attempt)) throw error;
      deps.onProgress({ kind: 'retrying', attempt: attempt + 1 });
      await deps.sleep(RETRY_DELAY_MS);
    }
  }
}
