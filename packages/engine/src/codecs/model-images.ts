import sharp from 'sharp';
import type { RawImage } from './bmp';
import { decodeImage, translateSharpError } from './decode';

/**
 * The images a hosted model is sent and the one it returns, as the model-canvas pipeline needs
 * them: the original scaled, padded or alone, its mask, and the model's output at the canvas's
 * size.
 */

interface Size {
  width: number;
  height: number;
}

/** Pixels to add on each side of the scaled original to reach the model's canvas. */
export interface Margins {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

function scaled(original: RawImage, size: Size) {
  const raw = { width: original.width, height: original.height, channels: original.channels };
  const pipeline = sharp(original.data, { raw });
  return size.width === original.width && size.height === original.height
    ? pipeline
    : pipeline.resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' });
}

/** The original alone, scaled to `size` (Lanczos), as PNG: for a model that places it itself. */
export async function scaledOriginalPng(original: RawImage, size: Size): Promise<Uint8Array> {
  const image = await scaled(original, size).png({ compressionLevel: 6 }).toBuffer();
  return new Uint8Array(image);
}

/** The original scaled to `size`, its edge pixels stretched over `margins`, as PNG. */
export async function paddedCanvasPng(
  original: RawImage,
  size: Size,
  margins: Margins,
): Promise<Uint8Array> {
  const shrunk = await scaled(original, size).raw().toBuffer({ resolveWithObject: true });
  const image = await sharp(shrunk.data, { raw: shrunk.info })
    // 'copy' repeats the edge pixels outwards: a model that starts from the canvas sees the
    // scene's colours in the new area rather than a flat colour it might keep.
    .extend({ ...margins, extendWith: 'copy' })
    // zlib's default level: this PNG travels base64-encoded or uploaded, so bytes matter more
    // than the few hundred milliseconds level 1 would save.
    .png({ compressionLevel: 6 })
    .toBuffer();
  return new Uint8Array(image);
}

/** A two-colour PNG: `keep` over a rectangle of `kept` size, `fill` over `margins` around it. */
export async function maskPng(
  kept: Size,
  margins: Margins,
  colours: { keep: string; fill: string },
): Promise<Uint8Array> {
  const mask = await sharp({
    create: { ...kept, channels: 3, background: colours.keep },
  })
    .extend({ ...margins, background: colours.fill })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return new Uint8Array(mask);
}

/**
 * A model's output (checked like an upload first: `checkUpload`) decoded and scaled to exactly
 * `size` (Lanczos) with `channels` channels, as raw pixels, with the size it came back at.
 */
export async function decodeModelOutput(
  output: Uint8Array,
  size: Size,
  channels: 3 | 4,
): Promise<{ pixels: Buffer; returned: Size }> {
  const generated = await decodeImage(output);
  try {
    const raw = { width: generated.width, height: generated.height, channels: generated.channels };
    const pipeline = sharp(generated.data, { raw }).resize(size.width, size.height, {
      fit: 'fill',
      kernel: 'lanczos3',
    });
    const pixels = await (channels === 4 ? pipeline.ensureAlpha() : pipeline.removeAlpha())
      .raw({ depth: 'uchar' })
      .toBuffer();
    return { pixels, returned: { width: generated.width, height: generated.height } };
  } catch (error) {
    throw translateSharpError(error);
  }
}
