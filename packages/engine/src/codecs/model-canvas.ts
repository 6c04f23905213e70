import sharp from 'sharp';
import { EngineInputError } from '../errors';
import type { CanvasRequest, OutpaintResult } from '../outpaint';
import { outputSizeOf, timedResult, validateCanvas } from '../outpaint';
import type { RawImage } from './bmp';
import { decodeImage, orientedSize, translateSharpError } from './decode';
import { encodePng } from './encode';
import { MAX_CANVAS_SIDE } from './limits';
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
}

export interface ModelCanvas {
  /** PNG of the canvas: the original at its offset, its edge pixels stretched over the new area. */
  image: Uint8Array;
  /** PNG of the same size: white where the model paints, black over the original. */
  mask: Uint8Array;
}

export interface PasteOriginalRequest extends ModelCanvasRequest {
  /** What the model returned: any JPEG, PNG, WebP or BMP, of any size within our pixel caps. */
  output: Uint8Array;
}

async function decodeOriginal({ input, canvas }: ModelCanvasRequest): Promise<RawImage> {
  const oriented = await orientedSize(input, sniffHeader(input));
  const width = canvas.imageWidth ?? oriented.width;
  const height = canvas.imageHeight ?? oriented.height;
  const fits =
    canvas.width <= MAX_CANVAS_SIDE &&
    canvas.height <= MAX_CANVAS_SIDE &&
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
  const original = await decodeOriginal(request);
  const extend = {
    top: canvas.offsetY,
    left: canvas.offsetX,
    bottom: canvas.height - canvas.offsetY - original.height,
    right: canvas.width - canvas.offsetX - original.width,
  };
  const raw = { width: original.width, height: original.height, channels: original.channels };
  const image = await sharp(original.data, { raw })
    // 'copy' repeats the edge pixels outwards: a model that starts from the canvas sees the
    // scene's colours in the new area rather than a flat colour it might keep.
    .extend({ ...extend, extendWith: 'copy' })
    // zlib's default level: this PNG travels base64-encoded in a JSON body, so bytes matter more
    // than the few hundred milliseconds level 1 would save.
    .png({ compressionLevel: 6 })
    .toBuffer();
  const mask = await sharp({
    create: { width: original.width, height: original.height, channels: 3, background: '#000' },
  })
    .extend({ ...extend, background: '#fff' })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return { image: new Uint8Array(image), mask: new Uint8Array(mask) };
}

/**
 * Checks the model's output like an upload (header, pixel cap, decode budget) before decoding
 * it, scales it to the exact canvas, and copies the original back over it bit for bit.
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
    });
    filled = await (channels === 4 ? pipeline.ensureAlpha() : pipeline.removeAlpha())
      .raw({ depth: 'uchar' })
      .toBuffer();
  } catch (error) {
    throw translateSharpError(error);
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
  const timed = timedResult(png, size, {
    started,
    decoded,
    filled: pasted,
    encoded: performance.now(),
  });
  return { ...timed, offsetX: canvas.offsetX, offsetY: canvas.offsetY, confidence: 1 };
}
