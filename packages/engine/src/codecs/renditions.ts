import sharp, { type Sharp } from 'sharp';
import type { RawImage } from './bmp';
import { translateSharpError } from './decode';
import { MAX_INPUT_PIXELS } from './limits';
import { watermarkSvg } from './watermark';

/**
 * The copies of a stored image that screens and downloads use: small WebP thumbnails, the
 * compact form a result is stored in, and the PNG a download asks for. Inputs are our own stored
 * files (already checked when they came in); the pixel cap still bounds every decode.
 */

/**
 * Each thumbnail's longest side in pixels: about twice what a screen draws (history versions
 * 107x60 and bulk tiles, `thumb`; history originals and the resizer's cards up to 264 px high,
 * `preview`), so they stay sharp at DPR 2.
 */
export const THUMBNAIL_SIDES = { thumb: 240, preview: 600 } as const;
export type ThumbnailSize = keyof typeof THUMBNAIL_SIDES;
export type Thumbnails = Record<ThumbnailSize, Uint8Array>;

/** A result as stored (lossless WebP; results are at most 8000 px a side, within WebP's 16383). */
export interface CompactResult {
  webp: Uint8Array;
  thumbnails: Thumbnails;
}

function open(bytes: Uint8Array) {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', pages: 1 });
}

function toBytes(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);
}

/** WebP at quality 80 (alpha kept), never enlarged: a small image's thumbnail is its own size. */
export async function makeThumbnails(bytes: Uint8Array): Promise<Thumbnails> {
  try {
    return await thumbnailsOf(() => open(bytes));
  } catch (error) {
    throw translateSharpError(error);
  }
}

/** `makeThumbnails` of the image each `source()` opens. */
async function thumbnailsOf(source: () => Sharp): Promise<Thumbnails> {
  const entries = await Promise.all(
    Object.entries(THUMBNAIL_SIDES).map(async ([size, side]) => {
      const buffer = await source()
        .resize(side, side, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80, effort: 4 })
        .toBuffer();
      return [size, toBytes(buffer)] as const;
    }),
  );
  return Object.fromEntries(entries) as Thumbnails;
}

/** Lossless WebP as results are stored: see `compactResult` for the settings. */
function losslessWebp(image: Sharp): Promise<Buffer> {
  // exact: transparent pixels keep their colour too, so the PNG a download gets back is identical.
  return image.webp({ lossless: true, quality: 20, effort: 0, exact: true }).toBuffer();
}

/** What is done to a result's pixels before they are stored. */
interface StoredFinish {
  /** Scale to this exact size (Lanczos3, as `encodePng` does), when it differs. */
  output?: { width: number; height: number };
  /** Draw this text across the result (a test API key's, see watermark.ts). */
  watermark?: string;
}

/**
 * A result's raw pixels as stored: lossless WebP and its thumbnails, the same files
 * `compactResult` makes of their PNG, with no PNG made or decoded. The exact size and the
 * watermark are applied first, once, so every file shows the same pixels.
 */
export async function storedFromPixels(
  image: RawImage,
  finish: StoredFinish = {},
): Promise<CompactResult> {
  try {
    const finished = await finishedPixels(image, finish);
    const raw = {
      raw: { width: finished.width, height: finished.height, channels: finished.channels },
    };
    const source = () => sharp(finished.data, raw);
    const [webp, thumbnails] = await Promise.all([losslessWebp(source()), thumbnailsOf(source)]);
    return { webp: toBytes(webp), thumbnails };
  } catch (error) {
    throw translateSharpError(error);
  }
}

/** The pixels with the exact size and the watermark applied (the same pixels when neither is). */
async function finishedPixels(image: RawImage, finish: StoredFinish): Promise<RawImage> {
  const { width, height, channels } = image;
  const { output, watermark } = finish;
  const resize = output && (output.width !== width || output.height !== height);
  if (!resize && watermark === undefined) return image;
  let pipeline = sharp(image.data, { raw: { width, height, channels } });
  const size = resize ? output : { width, height };
  if (resize) {
    // As `encodePng`: the canvas has the size's ratio to within a pixel, so 'fill' stretches by
    // less than one pixel while reaching the size exactly.
    pipeline = pipeline.resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' });
  }
  if (watermark !== undefined) {
    const overlay = Buffer.from(watermarkSvg(size.width, size.height, watermark));
    pipeline = pipeline.composite([{ input: overlay, top: 0, left: 0 }]);
  }
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    channels: info.channels === 4 ? 4 : 3,
    data: toBytes(data),
  };
}

/**
 * A result (any format) re-encoded as lossless WebP, every pixel kept, and its thumbnails.
 * In lossless mode libwebp's quality is effort too: at effort 0, quality 20 takes a ninth of
 * the time of sharp's default 80 (1.6 s against 14 s, a 1400x2067 photo on a loaded machine)
 * for 1% to 40% more bytes. `npm run bench:result-sizes`: 53-68% of the PNG's bytes, for 1.2
 * to 2.5 times the PNG's encode time, thumbnails included.
 */
export async function compactResult(bytes: Uint8Array): Promise<CompactResult> {
  try {
    const [webp, thumbnails] = await Promise.all([
      losslessWebp(open(bytes)),
      thumbnailsOf(() => open(bytes)),
    ]);
    return { webp: toBytes(webp), thumbnails };
  } catch (error) {
    throw translateSharpError(error);
  }
}

/** Any stored image as PNG, pixels unchanged (zlib level 1, as results were made before). */
export async function convertToPng(bytes: Uint8Array): Promise<Uint8Array> {
  try {
    const png = await open(bytes).png({ compressionLevel: 1, adaptiveFiltering: true }).toBuffer();
    return toBytes(png);
  } catch (error) {
    throw translateSharpError(error);
  }
}

/** Any stored image as JPEG at quality 90 (what the API's `format=jpeg` downloads get). */
export async function convertToJpeg(bytes: Uint8Array): Promise<Uint8Array> {
  try {
    // JPEG has no alpha: transparent pixels (none in a result) would come out on white.
    const jpeg = await open(bytes)
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 90 })
      .toBuffer();
    return toBytes(jpeg);
  } catch (error) {
    throw translateSharpError(error);
  }
}
