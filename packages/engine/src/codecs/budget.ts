import { EngineInputError } from '../errors';
import { MAX_INPUT_PIXELS } from './limits';
import type { HeaderInfo, ImageFormat } from './sniff';

/**
 * Work to decode one pixel, relative to a JPEG pixel (libjpeg-turbo, the fastest decoder here).
 * Measured with sharp on one core, a 12 MP photo decoded to raw pixels: JPEG 0.46 s, PNG 0.73 s,
 * lossy WebP 5.9 s, lossless WebP 7.3 s. Our BMP reader only copies bytes, like JPEG or less.
 */
export const DECODE_WORK_FACTOR: Readonly<Record<ImageFormat, number>> = {
  jpeg: 1,
  bmp: 1,
  png: 2,
  webp: 12,
  // LZW, like PNG's inflate, and only the first frame is decoded.
  gif: 2,
  // libheif in WebAssembly: a 12 MP HEIC in 0.47 s warm (1.2 s on a worker's first), JPEG 0.18 s.
  heic: 4,
};

/**
 * One upload may cost at most this much decoding work: four times a 50 MP JPEG (about 8 s of
 * one core on the 2-core runner). JPEG, PNG and BMP stop at the 50 MP pixel cap first; WebP
 * stops at about 16 MP, so a tiny WebP claiming 7071x7071 is refused from its header.
 */
export const MAX_DECODE_COST = 4 * MAX_INPUT_PIXELS;

/** Pixels times the format's work factor, from the header alone. */
export function decodeCost(header: HeaderInfo): number {
  return header.width * header.height * DECODE_WORK_FACTOR[header.format];
}

/** Refuses a file whose header promises more decoding work than one upload may cost. */
export function checkDecodeCost(header: HeaderInfo): void {
  const cost = decodeCost(header);
  if (cost > MAX_DECODE_COST) {
    throw new EngineInputError(
      'TOO_COSTLY',
      `A ${header.width}x${header.height} ${header.format.toUpperCase()} costs ${cost} units to decode; the budget is ${MAX_DECODE_COST}.`,
    );
  }
}
