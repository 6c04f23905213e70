import sharp, { type Sharp } from 'sharp';
import { EngineInputError } from '../errors';
import type { RawImage } from './bmp';
import { decodeBmp } from './bmp';
import { decodeHeif } from './heif';
import { MAX_INPUT_PIXELS } from './limits';
import type { HeaderInfo } from './sniff';
import { sniffHeader } from './sniff';

export interface DecodeOptions {
  /** Resize the (orientation-corrected) image to exactly this size. */
  resizeTo?: { width: number; height: number };
}

/**
 * The one place that builds the sharp decode pipeline. The header has already been checked, so
 * nothing reaches libvips that is larger than our own pixel cap.
 */
export async function openImage(bytes: Uint8Array, header: HeaderInfo): Promise<Sharp> {
  if (header.format === 'bmp' || header.format === 'heic') {
    const raw = header.format === 'bmp' ? decodeBmp(bytes) : await decodeHeif(bytes);
    return sharp(raw.data, {
      raw: { width: raw.width, height: raw.height, channels: raw.channels },
    });
  }
  return sharp(bytes, {
    limitInputPixels: MAX_INPUT_PIXELS,
    // 'truncated' rejects cut-off files but accepts the small spec violations that libjpeg only
    // warns about (extraneous bytes before a marker, as some phone cameras write); sharp's default
    // 'warning' would refuse those genuine photos.
    failOn: 'truncated',
    // An animated file decodes as its first frame (uploads refuse them: codecs/upload.ts).
    pages: 1,
  });
}

/** An image opened for decoding, with what its header and metadata say, each read once. */
export interface ProbedImage {
  header: HeaderInfo;
  image: Sharp;
  /** Size after EXIF orientation (orientations 5-8 swap the axes). */
  width: number;
  height: number;
  hasAlpha: boolean;
}

/**
 * Reads the header and the metadata of `bytes` once, for the decode that follows. `header` is
 * `sniffHeader(bytes)` when the caller has already read it (the pool, to size the job).
 */
export async function probeImage(
  bytes: Uint8Array,
  header: HeaderInfo = sniffHeader(bytes),
): Promise<ProbedImage> {
  try {
    const image = await openImage(bytes, header);
    const meta = await image.metadata();
    const swap = (meta.orientation ?? 1) >= 5;
    // libheif applies a HEIC's own rotation as it decodes: the decoded size is the one to trust.
    const rotated = header.format === 'heic' ? meta : header;
    return {
      header,
      image,
      width: swap ? rotated.height : rotated.width,
      height: swap ? rotated.width : rotated.height,
      hasAlpha: meta.hasAlpha,
    };
  } catch (error) {
    throw translateSharpError(error);
  }
}

/**
 * Decodes to 8-bit sRGB pixels with EXIF orientation applied: 3 channels, or 4 when the input
 * has alpha. Grey, palette, 16-bit and CMYK inputs all arrive as 8-bit sRGB.
 */
export async function decodeImage(
  bytes: Uint8Array,
  options: DecodeOptions = {},
): Promise<RawImage> {
  return decodeProbed(await probeImage(bytes), options);
}

/** `decodeImage` for an image already probed, so its header and metadata are not read again. */
export async function decodeProbed(
  { image, hasAlpha }: ProbedImage,
  options: DecodeOptions = {},
): Promise<RawImage> {
  try {
    let pipeline = image.rotate(); // no angle: apply the EXIF orientation, then drop the tag
    if (options.resizeTo) {
      // fill: the caller gives the exact size (same aspect ratio up to rounding).
      pipeline = pipeline.resize(options.resizeTo.width, options.resizeTo.height, { fit: 'fill' });
    }
    pipeline = pipeline.toColourspace('srgb');
    pipeline = hasAlpha ? pipeline.ensureAlpha() : pipeline.removeAlpha();
    const { data, info } = await pipeline
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const channels = info.channels === 4 ? 4 : 3;
    return {
      width: info.width,
      height: info.height,
      channels,
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    };
  } catch (error) {
    throw translateSharpError(error);
  }
}

export function translateSharpError(error: unknown): unknown {
  if (error instanceof EngineInputError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (
    /premature end|truncat|end of (file|data)|unexpected end|read error|not enough data/i.test(
      message,
    )
  ) {
    return new EngineInputError('TRUNCATED', 'The image file is truncated.', { cause: error });
  }
  if (/pixel limit/i.test(message)) {
    return new EngineInputError('TOO_MANY_PIXELS', 'The image has too many pixels.', {
      cause: error,
    });
  }
  return new EngineInputError('UNSUPPORTED_FORMAT', 'The image could not be decoded.', {
    cause: error,
  });
}
