import type { RawImage } from '../codecs/bmp';
import type { CompactResult } from '../codecs/renditions';
import type { HeaderInfo } from '../codecs/sniff';
import { decodeProbed, probeImage } from '../codecs/decode';
import {
  ENGINE_MAX_CANVAS_SIDE,
  ENGINE_MAX_RESULT_PIXELS,
  ENGINE_MAX_RESULT_SIDE,
} from '../codecs/limits';
import { EngineInputError } from '../errors';

/**
 * What both pipelines share: the canvas a job asks for, the one decode of its original onto it,
 * the paste of the original's pixels, and the timed result.
 */

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

/** Where a job's time went, in whole milliseconds (the header check counts towards decode). */
export interface OutpaintStages {
  decodeMs: number;
  fillMs: number;
  encodeMs: number;
}

/** A result's size and where its time went. */
interface Timed {
  width: number;
  height: number;
  ms: number;
  stages: OutpaintStages;
}

/** Where the original ended up on a result, and how sure the engine is of its fill. */
interface Placement {
  /** Where the original's top-left corner ended up, in canvas px (before any output resize). */
  offsetX: number;
  offsetY: number;
  /** 0..1, from the defect predictor: below 0.5 the fill likely shows repeated parts or seams. */
  confidence: number;
}

/** A result encoded as PNG (the CLI's file, a hosted model's canvas). */
export interface OutpaintResult extends Timed, Placement {
  png: Uint8Array;
}

/** The part of the original a result keeps, in the original's own (oriented) pixels. */
export interface Crop {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The built-in engine's result: where the kept part sits (offsetX/offsetY, bit for bit) and which
 * part of the original it is. `crop` is in the ORIGINAL's pixels, even when the request canvas
 * scaled the original down (imageWidth/imageHeight): the kept part on the canvas is then that
 * crop scaled by the same factor, and its size on the canvas is round(crop * scale).
 */
export interface FramedResult extends OutpaintResult {
  crop: Crop;
}

/**
 * The built-in engine's result as it is stored, made from the filled pixels on the worker: the
 * lossless WebP and its thumbnails (`files`), no PNG. `stages.encodeMs` is their encode.
 */
export interface StoredResult extends Timed, Placement {
  files: CompactResult;
  crop: Crop;
}
/** The size of the result a canvas request makes. */
export function outputSizeOf(canvas: CanvasRequest): { width: number; height: number } {
  return {
    width: canvas.outputWidth ?? canvas.width,
    height: canvas.outputHeight ?? canvas.height,
  };
}

/**
 * The original's pixels at their size on the canvas, checked to fit it: its header and metadata
 * are read once and it is decoded once (scaled on the way when the canvas asks for a smaller size).
 */
export async function decodeOriginal(input: Uint8Array, canvas: CanvasRequest): Promise<RawImage> {
  return (await decodeOriginalSized(input, canvas)).image;
}

/**
 * `decodeOriginal`, with the original's own (oriented) size beside its pixels on the canvas.
 * `header` is `sniffHeader(input)` when the caller has already read it.
 */
export async function decodeOriginalSized(
  input: Uint8Array,
  canvas: CanvasRequest,
  header?: HeaderInfo,
): Promise<{ image: RawImage; original: { width: number; height: number } }> {
  const probed = await probeImage(input, header);
  const width = canvas.imageWidth ?? probed.width;
  const height = canvas.imageHeight ?? probed.height;
  validateCanvas(canvas, width, height);
  const resize = width !== probed.width || height !== probed.height;
  const image = await decodeProbed(probed, resize ? { resizeTo: { width, height } } : {});
  return { image, original: { width: probed.width, height: probed.height } };
}

/** Copies the original's rows onto the canvas's pixels at its offset, bit for bit. */
export function pasteOriginalRows(pixels: Uint8Array, canvas: CanvasRequest, original: RawImage) {
  const rowBytes = original.width * original.channels;
  for (let y = 0; y < original.height; y++) {
    const from = y * rowBytes;
    const to = ((canvas.offsetY + y) * canvas.width + canvas.offsetX) * original.channels;
    pixels.set(original.data.subarray(from, from + rowBytes), to);
  }
}

/** When a job started and finished each stage (`performance.now()` ms). */
interface StageMarks {
  started: number;
  decoded: number;
  filled: number;
  encoded: number;
}

/** A job's result size and where its time went. */
export function timedResult(size: { width: number; height: number }, marks: StageMarks): Timed {
  const { started, decoded, filled, encoded } = marks;
  return {
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
