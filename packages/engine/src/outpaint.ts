import { decodeImage, orientedSize } from './codecs/decode';
import { encodePng } from './codecs/encode';
import {
  ENGINE_MAX_CANVAS_SIDE,
  ENGINE_MAX_RESULT_PIXELS,
  ENGINE_MAX_RESULT_SIDE,
} from './codecs/limits';
import { sniffHeader } from './codecs/sniff';
import { EngineInputError } from './errors';
import type { PlacementMode, SearchOptions } from './fill/placement-search';
import { chooseAndFill, DEFAULT_SEARCH_OPTIONS } from './fill/placement-search';
import type { ShiftMapOptions } from './fill/shift-map-fill';
import { DEFAULT_SHIFT_MAP_OPTIONS } from './fill/shift-map-fill';

export type { PlacementMode } from './fill/placement-search';

export interface CanvasRequest {
  width: number;
  height: number;
  /** Top-left corner of the original on the canvas (any valid one when the placement is 'auto'). */
  offsetX: number;
  offsetY: number;
  /**
   * Size of the original on the canvas. Defaults to the original's own (oriented) size; the
   * server passes shared `computeCanvas(...).imageWidth/imageHeight` when the 4000 px cap
   * scaled the original down.
   */
  imageWidth?: number;
  imageHeight?: number;
  /**
   * The exact size of the result, when a placement asks for one: the filled canvas is scaled to
   * it. Defaults to the canvas's own size.
   */
  outputWidth?: number;
  outputHeight?: number;
}

/** The size of the PNG a canvas request makes. */
export function outputSizeOf(canvas: CanvasRequest): { width: number; height: number } {
  return {
    width: canvas.outputWidth ?? canvas.width,
    height: canvas.outputHeight ?? canvas.height,
  };
}

export interface OutpaintRequest {
  /** Encoded JPEG, PNG, WebP or BMP bytes. */
  input: Uint8Array;
  canvas: CanvasRequest;
  seed: number;
  /**
   * 'auto': the engine chooses where the original sits (and the seed) by its defect predictor;
   * 'fixed' (the default): the canvas's offset is kept and only the seeds are compared.
   */
  placement?: PlacementMode;
  /**
   * With 'auto': 0 (the default) fills at the best placement, 1 at the second best, and so on;
   * a regeneration asks for the next one, so it does not repeat the last result's flaws.
   */
  rank?: number;
}

/** Where a job's time went, in whole milliseconds (the header check counts towards decode). */
export interface OutpaintStages {
  decodeMs: number;
  fillMs: number;
  encodeMs: number;
}

/** An encoded result with its size and where its time went. */
export interface TimedPng {
  png: Uint8Array;
  width: number;
  height: number;
  ms: number;
  stages: OutpaintStages;
}

export interface OutpaintResult extends TimedPng {
  /** Where the original's top-left corner ended up, in canvas px (before any output resize). */
  offsetX: number;
  offsetY: number;
  /** 0..1, from the defect predictor: below 0.5 the fill likely shows repeated parts or seams. */
  confidence: number;
}

/** Decode, fill the new area, encode: one whole job, run inside a worker (or the CLI). */
export async function outpaint(
  request: OutpaintRequest,
  fillOptions: ShiftMapOptions = DEFAULT_SHIFT_MAP_OPTIONS,
  searchOptions: SearchOptions = DEFAULT_SEARCH_OPTIONS,
): Promise<OutpaintResult> {
  const started = performance.now();
  const { canvas } = request;
  const header = sniffHeader(request.input);
  const swapped = await orientedSize(request.input, header);
  const imageWidth = canvas.imageWidth ?? swapped.width;
  const imageHeight = canvas.imageHeight ?? swapped.height;
  validateCanvas(canvas, imageWidth, imageHeight);
  const needsResize = imageWidth !== swapped.width || imageHeight !== swapped.height;
  const original = await decodeImage(
    request.input,
    needsResize ? { resizeTo: { width: imageWidth, height: imageHeight } } : {},
  );
  const decoded = performance.now();
  const fill = chooseAndFill(
    original,
    canvas,
    request.placement ?? 'fixed',
    request.seed,
    fillOptions,
    searchOptions,
    request.rank ?? 0,
  );
  const filled = performance.now();
  const output = outputSizeOf(canvas);
  const png = await encodePng(fill.pixels, canvas.width, canvas.height, original.channels, output);
  return {
    ...timedResult(png, output, { started, decoded, filled, encoded: performance.now() }),
    offsetX: fill.offsetX,
    offsetY: fill.offsetY,
    confidence: fill.confidence,
  };
}

/** When a job started and finished each stage (`performance.now()` ms). */
export interface StageMarks {
  started: number;
  decoded: number;
  filled: number;
  encoded: number;
}

/** A job's PNG with its size and where its time went. */
export function timedResult(
  png: Uint8Array,
  size: { width: number; height: number },
  marks: StageMarks,
): TimedPng {
  const { started, decoded, filled, encoded } = marks;
  return {
    png,
    width: size.width,
    height: size.height,
    ms: Math.round(encoded - started),
    stages: {
      decodeMs: Math.round(decoded - started),
      fillMs: Math.round(filled - decoded),
      encodeMs: Math.round(encoded - filled),
    },
  };
}

export function validateCanvas(
  canvas: CanvasRequest,
  imageWidth: number,
  imageHeight: number,
): void {
  const numbers = [
    canvas.width,
    canvas.height,
    canvas.offsetX,
    canvas.offsetY,
    imageWidth,
    imageHeight,
  ];
  const bad =
    numbers.some((n) => !Number.isInteger(n) || n < 0) ||
    canvas.width < 1 ||
    canvas.height < 1 ||
    imageWidth < 1 ||
    imageHeight < 1 ||
    canvas.width > ENGINE_MAX_CANVAS_SIDE ||
    canvas.height > ENGINE_MAX_CANVAS_SIDE ||
    canvas.offsetX + imageWidth > canvas.width ||
    canvas.offsetY + imageHeight > canvas.height;
  if (bad) {
    throw new EngineInputError(
      'INVALID_CANVAS',
      `A ${imageWidth}x${imageHeight} image does not fit a ${canvas.width}x${canvas.height} canvas at ${canvas.offsetX},${canvas.offsetY} (sides up to ${ENGINE_MAX_CANVAS_SIDE} px).`,
    );
  }
  const output = outputSizeOf(canvas);
  const badOutput =
    !Number.isInteger(output.width) ||
    !Number.isInteger(output.height) ||
    output.width < 1 ||
    output.height < 1 ||
    output.width > ENGINE_MAX_RESULT_SIDE ||
    output.height > ENGINE_MAX_RESULT_SIDE ||
    output.width * output.height > ENGINE_MAX_RESULT_PIXELS;
  if (badOutput) {
    throw new EngineInputError(
      'INVALID_CANVAS',
      `A ${output.width}x${output.height} result is outside the limits (sides up to ${ENGINE_MAX_RESULT_SIDE} px, ${ENGINE_MAX_RESULT_PIXELS} pixels).`,
    );
  }
}
