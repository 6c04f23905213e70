import type { Alignment, Crop, FillStyle, FramingMode, Prediction } from '@reframe/shared';
import type { OutputUpdate } from './follow-run';
import type { ExpandedImage } from './run-prediction';
import { isSettled, type QueueStatus } from './run-queue';

/** One output of a bulk run, as its tile shows it: its progress, then its result or its error. */
export interface BulkOutput {
  predictionId: string;
  uploadId: string;
  key: string;
  status: QueueStatus;
  url: string | null;
  width: number;
  height: number;
  alignment: Alignment;
  /** Where the original ended up on the result, once it is made (for the compare slider). */
  offsetX: number | null;
  offsetY: number | null;
  /** The part of the original it keeps, once it is made (for the ZIP and "Trimmed 12 % (top)"). */
  crop: Crop | null;
  /** The engine's confidence in its fill, once made; null when not measured (a hosted model). */
  confidence: number | null;
  /** The framing and style it was made with: which alternatives it offers (issue 38). */
  framing: FramingMode;
  style: FillStyle;
  error: string | null;
}

/** A prediction of a bulk run, as POST /api/runs answers it: with its photo's upload. */
export type StartedPrediction = Prediction & { upload_id: string };

/** The outputs the server started for a run, each pending until its first poll. */
export function outputsOf(started: readonly StartedPrediction[]): BulkOutput[] {
  return started.map((p) => ({
    predictionId: p.id,
    uploadId: p.upload_id,
    key: p.aspect_ratio,
    status: 'pending',
    url: null,
    width: p.width,
    height: p.height,
    alignment: p.alignment,
    offsetX: null,
    offsetY: null,
    crop: null,
    confidence: null,
    framing: p.framing,
    style: p.style,
    error: null,
  }));
}

/** A poll's news of one output: its status, and its result once made or its error. */
export function fromUpdate({ status, result, error }: OutputUpdate): Partial<BulkOutput> {
  if (!result) return { status, error: error ?? null };
  const { url, offsetX, offsetY, crop, confidence, framing, style } = result;
  return { status, url, offsetX, offsetY, crop, confidence, framing, style };
}

/** A regeneration's result: the new image at its size and placement, done. */
export function fromRegenerated(result: ExpandedImage): Partial<BulkOutput> {
  const { url, width, height, offsetX, offsetY, alignment, crop, confidence, framing, style } =
    result;
  return {
    url,
    width,
    height,
    offsetX,
    offsetY,
    alignment,
    crop,
    confidence,
    framing,
    style,
    status: 'completed',
    error: null,
  };
}

/** The outputs with one of them changed. */
export function patched(
  outputs: readonly BulkOutput[],
  predictionId: string,
  patch: Partial<BulkOutput>,
): BulkOutput[] {
  return outputs.map((o) => (o.predictionId === predictionId ? { ...o, ...patch } : o));
}

/** Some output is not done yet: the run is going. */
export const anyRunning = (outputs: readonly BulkOutput[]) =>
  outputs.some((o) => !isSettled(o.status));

/** The results made for one photo so far, in the order the run listed them. */
export const madeFor = (outputs: readonly BulkOutput[], uploadId: string | undefined) =>
  outputs.filter(
    (o): o is BulkOutput & { url: string } => o.uploadId === uploadId && o.url !== null,
  );
