import sharp, { type Sharp } from 'sharp';
import { EngineInputError } from '../errors';
import { decodeBmp } from './bmp';
import { decodeHeif } from './heif';
import { checkDecodeCost } from './budget';
import { checkContainer } from './container';
import { translateSharpError } from './decode';
import { MAX_INPUT_PIXELS } from './limits';
import { makeThumbnails, type Thumbnails } from './renditions';
import { sniffHeader, type HeaderInfo, type ImageFormat } from './sniff';

/** Lossless inputs up to this size are stored as PNG; larger ones, and lossy ones, as JPEG/WebP. */
export const LOSSLESS_STORE_MAX_PIXELS = 4_000_000;

/** WebP's own limit per side; a larger image with alpha is stored as PNG. */
const WEBP_MAX_SIDE = 16_383;

export type StoredFormat = 'jpeg' | 'png' | 'webp';

export interface CheckedUpload extends HeaderInfo {
  /** The pixels are stored exactly (PNG, BMP, lossless WebP). */
  lossless: boolean;
}

export interface PreparedUpload {
  format: ImageFormat;
  /** Size after EXIF orientation. */
  width: number;
  height: number;
  hasAlpha: boolean;
  /** The original as it is kept: orientation applied, metadata dropped, compact. */
  stored: Uint8Array;
  storedFormat: StoredFormat;
  /** WebP thumbnails of the stored original, for the screens that show it small. */
  thumbnails: Thumbnails;
}

/**
 * What the header and the file's structure say, without decoding a pixel: the format and size,
 * within the pixel cap and the decode budget, and the data all present. Synchronous and cheap,
 * so a caller can refuse a hostile file before handing it to a worker.
 */
export function checkUpload(bytes: Uint8Array): CheckedUpload {
  const header = sniffHeader(bytes);
  checkDecodeCost(header);
  return { ...header, ...checkContainer(bytes, header) };
}

/**
 * Turns a checked upload into the stored original with a single decode: animated images (but
 * GIF, whose first frame is kept) and damaged data are refused, the EXIF orientation is applied,
 * metadata is dropped, and the result is PNG for small lossless inputs, else high-quality JPEG
 * (or WebP when it has alpha). `checked` is what `checkUpload` found on the caller's thread, so
 * the header and structure are not read again here; without it they are checked first.
 */
export async function prepareUpload(
  bytes: Uint8Array,
  checked: CheckedUpload = checkUpload(bytes),
): Promise<PreparedUpload> {
  try {
    if (checked.format === 'bmp' || checked.format === 'heic') {
      return await prepareDecoded(bytes, checked);
    }
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, pages: -1 }).metadata();
    // An animated GIF is read as its first frame (the brief accepts GIF); other formats' animations are refused.
    if ((meta.pages ?? 1) > 1 && checked.format !== 'gif') {
      throw new EngineInputError('ANIMATED', 'Animated images are not supported.');
    }
    const hasAlpha = meta.hasAlpha;
    const storedFormat = chooseStoredFormat(checked, hasAlpha);
    const encode = (failOn: 'warning' | 'truncated') =>
      encodeStored(openStrict(bytes, failOn).rotate(), hasAlpha, storedFormat);
    const result = await encode('warning').catch((error: unknown) => {
      // Phone cameras write a few stray bytes before a marker; libjpeg only warns about those.
      // Any other warning (data that ends before the declared size, for one) is refused.
      if (!isStrayBytesWarning(error)) throw error;
      return encode('truncated');
    });
    return {
      format: checked.format,
      hasAlpha,
      storedFormat,
      ...result,
      thumbnails: await makeThumbnails(result.stored),
    };
  } catch (error) {
    throw translateSharpError(error);
  }
}

/** Formats sharp does not read: decoded by our own reader (BMP) or libheif (HEIC) first. */
async function prepareDecoded(bytes: Uint8Array, checked: CheckedUpload): Promise<PreparedUpload> {
  const raw = checked.format === 'bmp' ? decodeBmp(bytes) : await decodeHeif(bytes);
  const hasAlpha = raw.channels === 4;
  const storedFormat = chooseStoredFormat(checked, hasAlpha);
  const image = sharp(raw.data, {
    raw: { width: raw.width, height: raw.height, channels: raw.channels },
  });
  const result = await encodeStored(image, hasAlpha, storedFormat);
  return {
    format: checked.format,
    hasAlpha,
    storedFormat,
    ...result,
    thumbnails: await makeThumbnails(result.stored),
  };
}

function openStrict(bytes: Uint8Array, failOn: 'warning' | 'truncated'): Sharp {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn, pages: 1 });
}

function isStrayBytesWarning(error: unknown): boolean {
  return error instanceof Error && /extraneous bytes before marker/i.test(error.message);
}

export function chooseStoredFormat(
  checked: Pick<CheckedUpload, 'lossless' | 'width' | 'height'>,
  hasAlpha: boolean,
): StoredFormat {
  if (checked.lossless && checked.width * checked.height <= LOSSLESS_STORE_MAX_PIXELS) return 'png';
  if (!hasAlpha) return 'jpeg';
  return Math.max(checked.width, checked.height) <= WEBP_MAX_SIDE ? 'webp' : 'png';
}

async function encodeStored(
  image: Sharp,
  hasAlpha: boolean,
  format: StoredFormat,
): Promise<{ width: number; height: number; stored: Uint8Array }> {
  let pipeline = image.toColourspace('srgb');
  pipeline = hasAlpha ? pipeline.ensureAlpha() : pipeline.removeAlpha();
  if (format === 'png') pipeline = pipeline.png({ compressionLevel: 6 });
  if (format === 'jpeg') pipeline = pipeline.jpeg({ quality: 92 });
  if (format === 'webp') pipeline = pipeline.webp({ quality: 92, alphaQuality: 100, effort: 2 });
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    stored: new Uint8Array(data.buffer, data.byteOffset, data.length),
  };
}
