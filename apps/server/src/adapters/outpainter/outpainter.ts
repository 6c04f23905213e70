import {
  errorMessages,
  type Crop,
  type FillStyle,
  type FramingMode,
  type OutpaintProvider,
} from '@reframe/shared';
import type { CanvasRequest, CompactResult, OutpaintResult, PlacementMode } from '@reframe/engine';

/** Who makes the pixels (migration 0008-outpaint-provider). */
export type OutpaintProviderName = OutpaintProvider;

/**
 * Who made a result: the provider, the hosted model by name (null for the engine or a pinned
 * version), and whether the engine stood in for the configured provider.
 */
export interface MadeBy {
  provider: OutpaintProviderName;
  model: string | null;
  fallback: boolean;
}

/** A canvas with the original's size on it (shared `computeCanvas`). */
export type TaskCanvas = CanvasRequest & { imageWidth: number; imageHeight: number };

/** One job's work: extend the stored original to the canvas. */
export interface OutpaintTask {
  predictionId: string;
  /** The stored original's encoded bytes. */
  original: Uint8Array;
  /**
   * The brief's canvas for the output. With a trimming framing the result may be a smaller
   * canvas of the same ratio; an exact size (`outputWidth`, `outputHeight`) stays exact.
   */
  canvas: TaskCanvas;
  seed: number;
  /** 'auto': the engine chooses the original's offset; 'fixed': it keeps the canvas's. */
  placement: PlacementMode;
  /** With 'auto': which placement, best first (a regeneration takes the next one). */
  rank: number;
  /**
   * How much of the original may be trimmed (issue 38), resolved for the provider: a hosted
   * model is only ever given 'keep' (shared `resolveFraming`).
   */
  framing: FramingMode;
  /** How the new area is filled: a blurred backdrop is always the engine's. */
  style: FillStyle;
  /** The original's own (oriented) size, in which a result's `crop` is measured. */
  originalSize: { width: number; height: number };
  /**
   * Text drawn across the result before it is encoded: a test API key's mark (issue 30). Only
   * the engine draws it; a test key's run always goes to the engine (prediction-run.job.ts).
   */
  watermark?: string;
}

/**
 * The whole canvas, the original in it bit for bit, who made it, where the original ended up
 * (canvas coordinates) and the engine's confidence in the fill (null: not measured, as for a
 * hosted provider). The engine hands over the files to store, made on its worker from the
 * pixels (`files`); a hosted model's canvas comes as PNG, which the job stores compact.
 */
export type Outpainting = Omit<OutpaintResult, 'confidence' | 'png'> &
  ResultImage & {
    confidence: number | null;
    madeBy: MadeBy;
    /** The part of the original kept, in the original's own pixels (`originalSize`). */
    crop: Crop;
    /** The canvas filled, before it was scaled to an exact size; the offset is on it. */
    filled: { width: number; height: number };
  };

/** A result's pixels as an outpainter hands them over. */
type ResultImage = { png: Uint8Array } | { files: CompactResult };

/** What a result that keeps the whole original on the task's canvas reports. */
export function keptWhole(task: OutpaintTask): Pick<Outpainting, 'crop' | 'filled'> {
  const { originalSize, canvas } = task;
  return {
    crop: { x: 0, y: 0, ...originalSize },
    filled: { width: canvas.width, height: canvas.height },
  };
}

/**
 * Whatever makes the pixels: the built-in engine, or a hosted generative model. Chosen once at
 * start from config (create-outpainter.ts). `signal` aborts on shutdown (the job resumes at the
 * next start) and on the job's time-out (its reason is then a `TimeoutError`).
 */
export interface Outpainter {
  readonly name: OutpaintProviderName;
  outpaint(task: OutpaintTask, signal: AbortSignal): Promise<Outpainting>;
}

/**
 * Why a provider did not produce an image. `unavailable` (repeated 5xx or 429, a network
 * error, an open circuit) is what the engine may stand in for (AI_FALLBACK=engine); the others
 * fail the prediction with their message and refund it.
 */
export type ProviderFailure = 'unavailable' | 'failed' | 'output-rejected';

export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(
    readonly failure: ProviderFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isTimeout(signal: AbortSignal): boolean {
  const reason: unknown = signal.reason;
  return signal.aborted && reason instanceof DOMException && reason.name === 'TimeoutError';
}

/** What the user reads when a job fails for `error` (not a time-out). */
export function failureMessage(error: unknown): string {
  if (!(error instanceof ProviderError)) return errorMessages.JOB_FAILED;
  switch (error.failure) {
    case 'unavailable':
      return errorMessages.PROVIDER_UNAVAILABLE;
    case 'failed':
      return errorMessages.PROVIDER_FAILED;
    case 'output-rejected':
      return errorMessages.PROVIDER_OUTPUT_REJECTED;
  }
}
