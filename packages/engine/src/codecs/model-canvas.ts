import sharp from 'sharp';
import { EngineInputError } from '../errors';
import type { CanvasRequest, OutpaintResult } from '../outpaint';
import { outputSizeOf, timedResult, validateCanvas } from '../outpaint';
import type { RawImage } from './bmp';
import { decodeImage, orientedSize, translateSharpError } from './decode';
import { encodePng } from './encode';
import { ENGINE_MAX_CANVAS_SIDE } from './limits';
import { correctSeam } from './seam-correction';
import { sniffHeader } from './sniff';
import { checkUpload } from './upload';

/**
 * The two image steps around a hosted generative model: the padded canvas it is sent, and the
 * result made from what it returns. Both decode the original exactly as `outpaint` does, so the
 * original lands on the canvas with the same pixels whoever fills the new area.
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
}

export interface PasteOriginalRequest extends ModelCanvasRequest {
  /** What the model returned: any JPEG, PNG, WebP or BMP, of any size within our pixel caps. */
  output: Uint8Array;
  /** Correct the model's drift so the new area meets the original without a step (default). */
  correctSeam?: boolean;
}

async function decodeOriginal({ input, canvas }: ModelCanvasRequest): Promise<RawImage> {
  const oriented = await orientedSize(input, sniffHeader(input));
  const width = canvas.imageWidth ?? oriented.width;
  const height = canvas.imageHeight ?? oriented.height;
  const fits =
    canvas.width <= ENGINE_MAX_CANVAS_SIDE &&
    canvas.height <= ENGINE_MAX_CANVAS_SIDE &&
    canvas.offsetX >= 0 &&
    canvas.offsetY >= 0 &&
    canvas.offsetX + width <= canvas.width &&
    canvas.offsetY + height <= canvas.height;
  if (!fits) {
    throw new EngineInputError(
      'INVALID_CANVAS',
      `A ${width}x${height} image does not fit a ${canvas.width}x${canvas.height} canvas at ${canvas.offsetX},${canvas.offsetY}.`,
    );
  }
  const resize = width !== oriented.width || height !== oriented.height;
  return decodeImage(input, resize ? { resizeTo: { width, height } } : {});
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
  const original = await decodeOriginal(request);
  const sx = fit.width / canvas.width;
  const sy = fit.height / canvas.height;
  const x = Math.min(fit.width - 1, Math.round(canvas.offsetX * sx));
  const y = Math.min(fit.height - 1, Math.round(canvas.offsetY * sy));
  const placement = {
    x,
    y,
    width: Math.max(1, Math.min(fit.width - x, Math.round(original.width * sx))),
    height: Math.max(1, Math.min(fit.height - y, Math.round(original.height * sy))),
  };
  const raw = { width: original.width, height: original.height, channels: original.channels };
  const scaled = () => {
    const pipeline = sharp(original.data, { raw });
    return placement.width === original.width && placement.height === original.height
      ? pipeline
      : pipeline.resize(placement.width, placement.height, { fit: 'fill', kernel: 'lanczos3' });
  };
  if (fit.sends === 'original') {
    const image = await scaled().png({ compressionLevel: 6 }).toBuffer();
    return { image: new Uint8Array(image), mask: null, placement };
  }
  const extend = {
    top: placement.y,
    left: placement.x,
    bottom: fit.height - placement.y - placement.height,
    right: fit.width - placement.x - placement.width,
  };
  const shrunk = await scaled().raw().toBuffer({ resolveWithObject: true });
  const image = await sharp(shrunk.data, { raw: shrunk.info })
    // 'copy' repeats the edge pixels outwards: a model that starts from the canvas sees the
    // scene's colours in the new area rather than a flat colour it might keep.
    .extend({ ...extend, extendWith: 'copy' })
    // zlib's default level: this PNG travels base64-encoded or uploaded, so bytes matter more
    // than the few hundred milliseconds level 1 would save.
    .png({ compressionLevel: 6 })
    .toBuffer();
  return {
    image: new Uint8Array(image),
    mask: await maskPng(fit, placement, extend),
    placement,
  };
}

/**
 * The model's fill colour over the new area and `maskReach` pixels into the original on each side
 * that has new area (so the model blends across the border), its keep colour over the rest.
 */
async function maskPng(
  fit: ModelFit,
  placement: ModelCanvas['placement'],
  open: { top: number; left: number; bottom: number; right: number },
): Promise<Uint8Array> {
  const reach = (side: number, along: number) =>
    side > 0 ? Math.min(fit.maskReach, Math.floor((along - 1) / 2)) : 0;
  const left = reach(open.left, placement.width);
  const right = reach(open.right, placement.width);
  const top = reach(open.top, placement.height);
  const bottom = reach(open.bottom, placement.height);
  const fill = fit.maskFills === 'white' ? '#fff' : '#000';
  const keep = fit.maskFills === 'white' ? '#000' : '#fff';
  const mask = await sharp({
    create: {
      width: placement.width - left - right,
      height: placement.height - top - bottom,
      channels: 3,
      background: keep,
    },
  })
    .extend({
      top: open.top + top,
      left: open.left + left,
      bottom: open.bottom + bottom,
      right: open.right + right,
      background: fill,
    })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return new Uint8Array(mask);
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
  const original = await decodeOriginal(request);
  validateCanvas(canvas, original.width, original.height);
  const channels = original.channels;
  const generated = await decodeImage(output);
  const decoded = performance.now();
  let filled: Buffer;
  try {
    const raw = { width: generated.width, height: generated.height, channels: generated.channels };
    const pipeline = sharp(generated.data, { raw }).resize(canvas.width, canvas.height, {
      fit: 'fill',
      kernel: 'lanczos3',
    });
    filled = await (channels === 4 ? pipeline.ensureAlpha() : pipeline.removeAlpha())
      .raw({ depth: 'uchar' })
      .toBuffer();
  } catch (error) {
    throw translateSharpError(error);
  }
  if (request.correctSeam ?? true) {
    const rect = {
      x: canvas.offsetX,
      y: canvas.offsetY,
      width: original.width,
      height: original.height,
    };
    correctSeam(filled, original.data, canvas, rect, channels);
  }
  const rowBytes = original.width * channels;
  for (let y = 0; y < original.height; y++) {
    const from = y * rowBytes;
    const to = ((canvas.offsetY + y) * canvas.width + canvas.offsetX) * channels;
    filled.set(original.data.subarray(from, from + rowBytes), to);
  }
  const pasted = performance.now();
  const size = outputSizeOf(canvas);
  const png = await encodePng(filled, canvas.width, canvas.height, channels, size);
  return {
    ...timedResult(png, size, { started, decoded, filled: pasted, encoded: performance.now() }),
    offsetX: canvas.offsetX,
    offsetY: canvas.offsetY,
    // The defect predictor judges the engine's own copies, not a model's output: no warning.
    confidence: 1,
  };
}
