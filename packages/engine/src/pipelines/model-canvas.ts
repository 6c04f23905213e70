import type { RawImage } from '../codecs/bmp';
import { encodePng } from '../codecs/encode';
import type { Margins } from '../codecs/model-images';
import {
  decodeModelOutput,
  maskPng,
  paddedCanvasPng,
  scaledOriginalPng,
} from '../codecs/model-images';
import { correctSeam } from '../codecs/seam-correction';
import { checkUpload } from '../codecs/upload';
import { EngineInputError } from '../errors';
import type { CanvasRequest, OutpaintResult } from './canvas';
import {
  decodeOriginal,
  outputSizeOf,
  pasteOriginalRows,
  timedResult,
  validateCanvas,
} from './canvas';

/**
 * The hosted-model pipeline: the two image steps around a generative model, the padded canvas
 * it is sent and the result made from what it returns. The original is decoded as `outpaint`
 * decodes it, so it lands on the canvas with the same pixels whoever fills the new area, and
 * once per job: `padForModel` hands its pixels back for `pasteOriginal`.
 */

export interface ModelCanvasRequest {
  /** The stored original's encoded bytes. */
  input: Uint8Array;
  canvas: CanvasRequest;
  /** The model's own size and conventions; without it, the canvas as it is, white filled. */
  fit?: ModelFit;
}

/** How a model takes its input (chosen per model family by the server). */
export interface ModelFit {
  /** The size the model is sent, within its limits (the canvas scaled, aspect kept as near as its rounding allows). */
  width: number;
  height: number;
  /**
   * 'canvas': the padded canvas and a mask; 'original': the original alone, scaled like the
   * canvas, for a model that places it itself (its placement is returned).
   */
  sends: 'canvas' | 'original';
  /** How far, in model pixels, the painted area reaches into the original on its open sides. */
  maskReach: number;
  /** The mask colour the model paints over. */
  maskFills: 'white' | 'black';
}

export interface ModelCanvas {
  /**
   * PNG of the canvas (the original at its offset, its edge pixels stretched over the new area),
   * or of the original alone when the fit `sends` it.
   */
  image: Uint8Array;
  /** PNG of the canvas's size: the model's fill colour where it paints; null when it has none. */
  mask: Uint8Array | null;
  /** Where the original sits on the model's canvas, in model pixels. */
  placement: { x: number; y: number; width: number; height: number };
  /** The original as decoded onto the canvas: `pasteOriginal` takes it instead of decoding again. */
  original: RawImage;
}

export interface PasteOriginalRequest {
  /**
   * The stored original's encoded bytes, or its pixels as `padForModel` decoded them (a job that
   * padded the canvas passes these, so the original is decoded once).
   */
  input: Uint8Array | RawImage;
  canvas: CanvasRequest;
  /** What the model returned: any JPEG, PNG, WebP or BMP, of any size within our pixel caps. */
  output: Uint8Array;
  /** Correct the model's drift so the new area meets the original without a step (default). */
  correctSeam?: boolean;
}

export async function padForModel(request: ModelCanvasRequest): Promise<ModelCanvas> {
  const { canvas } = request;
  const fit: ModelFit = request.fit ?? {
    width: canvas.width,
    height: canvas.height,
    sends: 'canvas',
    maskReach: 0,
    maskFills: 'white',
  };
  const original = await decodeOriginal(request.input, canvas);
  const placement = placementOnModel(canvas, fit, original);
  if (fit.sends === 'original') {
    const image = await scaledOriginalPng(original, placement);
    return { image, mask: null, placement, original };
  }
  const margins = {
    top: placement.y,
    left: placement.x,
    bottom: fit.height - placement.y - placement.height,
    right: fit.width - placement.x - placement.width,
  };
  return {
    image: await paddedCanvasPng(original, placement, margins),
    mask: await modelMask(fit, placement, margins),
    placement,
    original,
  };
}

/** The canvas's placement of the original, scaled to the model's size (at least 1 px each way). */
function placementOnModel(
  canvas: CanvasRequest,
  fit: ModelFit,
  original: RawImage,
): ModelCanvas['placement'] {
  const sx = fit.width / canvas.width;
  const sy = fit.height / canvas.height;
  const x = Math.min(fit.width - 1, Math.round(canvas.offsetX * sx));
  const y = Math.min(fit.height - 1, Math.round(canvas.offsetY * sy));
  return {
    x,
    y,
    width: Math.max(1, Math.min(fit.width - x, Math.round(original.width * sx))),
    height: Math.max(1, Math.min(fit.height - y, Math.round(original.height * sy))),
  };
}

/**
 * The model's fill colour over the new area and `maskReach` pixels into the original on each side
 * that has new area (so the model blends across the border), its keep colour over the rest.
 */
async function modelMask(
  fit: ModelFit,
  placement: ModelCanvas['placement'],
  open: Margins,
): Promise<Uint8Array> {
  const reach = (side: number, along: number) =>
    side > 0 ? Math.min(fit.maskReach, Math.floor((along - 1) / 2)) : 0;
  const left = reach(open.left, placement.width);
  const right = reach(open.right, placement.width);
  const top = reach(open.top, placement.height);
  const bottom = reach(open.bottom, placement.height);
  const white = fit.maskFills === 'white';
  return maskPng(
    { width: placement.width - left - right, height: placement.height - top - bottom },
    {
      top: open.top + top,
      left: open.left + left,
      bottom: open.bottom + bottom,
      right: open.right + right,
    },
    { fill: white ? '#fff' : '#000', keep: white ? '#000' : '#fff' },
  );
}

/**
 * Checks the model's output like an upload (header, pixel cap, decode budget) before decoding
 * it, scales it to the exact canvas (Lanczos), corrects the model's drift around the original
 * (seam-correction.ts), and copies the original back over it bit for bit.
 */
export async function pasteOriginal(request: PasteOriginalRequest): Promise<OutpaintResult> {
  const started = performance.now();
  const { canvas, output } = request;
  checkUpload(output);
  const original = await originalOnCanvas(request.input, canvas);
  const { pixels: filled, returned } = await decodeModelOutput(output, canvas, original.channels);
  const decoded = performance.now();
  if (request.correctSeam ?? true) {
    const rect = {
      x: canvas.offsetX,
      y: canvas.offsetY,
      width: original.width,
      height: original.height,
    };
    const scale = { x: canvas.width / returned.width, y: canvas.height / returned.height };
    correctSeam(filled, original.data, canvas, rect, original.channels, scale);
  }
  pasteOriginalRows(filled, canvas, original);
  const pasted = performance.now();
  const size = outputSizeOf(canvas);
  const png = await encodePng(filled, canvas.width, canvas.height, original.channels, size);
  return {
    png,
    ...timedResult(size, { started, decoded, filled: pasted, encoded: performance.now() }),
    offsetX: canvas.offsetX,
    offsetY: canvas.offsetY,
    // The defect predictor judges the engine's own copies, not a model's output: no warning.
    confidence: 1,
  };
}

/** The original's pixels on the canvas: decoded from its bytes, or as already decoded. */
async function originalOnCanvas(
  input: Uint8Array | RawImage,
  canvas: CanvasRequest,
): Promise<RawImage> {
  if (input instanceof Uint8Array) return decodeOriginal(input, canvas);
  validateCanvas(canvas, input.width, input.height);
  if (input.data.length !== input.width * input.height * input.channels) {
    throw new EngineInputError(
      'INVALID_CANVAS',
      `The decoded original holds ${input.data.length} bytes, not ${input.width}x${input.height}x${input.channels}.`,
    );
  }
  return input;
}
