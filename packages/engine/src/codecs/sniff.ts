import { EngineInputError } from '../errors';
import { isHeif, readHeifHeader } from './heif';
import { MAX_INPUT_PIXELS, MAX_INPUT_SIDE } from './limits';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'bmp' | 'gif' | 'heic';

export interface HeaderInfo {
  format: ImageFormat;
  width: number;
  height: number;
}

/**
 * Reads the format and dimensions from the file header alone and refuses anything too large,
 * before any decoder allocates memory for the pixels.
 */
export function sniffHeader(bytes: Uint8Array): HeaderInfo {
  const info = readHeader(bytes);
  if (info.width < 1 || info.height < 1) {
    throw new EngineInputError('UNSUPPORTED_FORMAT', 'The image header has an invalid size.');
  }
  if (
    info.width > MAX_INPUT_SIDE ||
    info.height > MAX_INPUT_SIDE ||
    info.width * info.height > MAX_INPUT_PIXELS
  ) {
    throw new EngineInputError(
      'TOO_MANY_PIXELS',
      `The image is ${info.width}x${info.height}; at most ${MAX_INPUT_PIXELS / 1e6} megapixels are supported.`,
    );
  }
  return info;
}

function readHeader(b: Uint8Array): HeaderInfo {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const ascii = (at: number, length: number): string =>
    String.fromCharCode(...b.subarray(at, at + length));
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return readJpeg(b, view);
  if (b.length >= 8 && ascii(1, 3) === 'PNG' && b[0] === 0x89) {
    if (b.length < 24) throw truncated();
    return { format: 'png', width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP')
    return readWebp(b, view, ascii);
  if (b.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) {
    // The logical screen size; the first frame, the one used, lies within it.
    if (b.length < 10) throw truncated();
    return { format: 'gif', width: view.getUint16(6, true), height: view.getUint16(8, true) };
  }
  if (isHeif(b)) return { format: 'heic', ...readHeifHeader(b) };
  if (b.length >= 2 && ascii(0, 2) === 'BM') {
    if (b.length < 26) throw truncated();
    const dibSize = view.getUint32(14, true);
    if (dibSize === 12)
      return { format: 'bmp', width: view.getUint16(18, true), height: view.getUint16(20, true) };
    return {
      format: 'bmp',
      width: Math.abs(view.getInt32(18, true)),
      height: Math.abs(view.getInt32(22, true)),
    };
  }
  throw new EngineInputError(
    'UNSUPPORTED_FORMAT',
    'The file is not a JPEG, PNG, WebP, HEIC, BMP or GIF image.',
  );
}

function readJpeg(b: Uint8Array, view: DataView): HeaderInfo {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) {
      at++;
      continue;
    }
    const marker = b[at + 1]!;
    if (marker === 0xff || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += marker === 0xff ? 1 : 2;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame)
      return { format: 'jpeg', height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    at += 2 + view.getUint16(at + 2);
  }
  throw truncated();
}

function readWebp(
  b: Uint8Array,
  view: DataView,
  ascii: (at: number, n: number) => string,
): HeaderInfo {
  if (b.length < 30) throw truncated();
  const chunk = ascii(12, 4);
  if (chunk === 'VP8X') {
    const width = 1 + (b[24]! | (b[25]! << 8) | (b[26]! << 16));
    const height = 1 + (b[27]! | (b[28]! << 8) | (b[29]! << 16));
    return { format: 'webp', width, height };
  }
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return { format: 'webp', width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ') {
    return {
      format: 'webp',
      width: view.getUint16(26, true) & 0x3fff,
      height: view.getUint16(28, true) & 0x3fff,
    };
  }
  throw new EngineInputError('UNSUPPORTED_FORMAT', 'The WebP file has an unknown layout.');
}

function truncated(): EngineInputError {
  return new EngineInputError('TRUNCATED', 'The image file is truncated.');
}
