import { EngineInputError } from '../errors';
import { readBmpLayout } from './bmp';
import type { HeaderInfo } from './sniff';

/**
 * zlib never expands data more than about 1032 times; a PNG whose image data could not hold its
 * declared pixels even at that ratio is cut short or forged (a margin covers interlacing).
 */
const MAX_DEFLATE_RATIO = 1100;

export interface ContainerInfo {
  /** The pixels are stored exactly (PNG, BMP, lossless WebP). */
  lossless: boolean;
}

/**
 * Walks the file's structure without decoding any pixel: every chunk must fit in the file and
 * the image data must be present, so a file cut short (or a header with no data behind it) is
 * refused in microseconds instead of being handed to a decoder.
 */
export function checkContainer(bytes: Uint8Array, header: HeaderInfo): ContainerInfo {
  switch (header.format) {
    case 'png':
      checkPng(bytes, header);
      return { lossless: true };
    case 'webp':
      return { lossless: checkWebp(bytes) };
    case 'bmp':
      readBmpLayout(bytes);
      return { lossless: true };
    case 'jpeg':
      checkJpeg(bytes);
      return { lossless: false };
    case 'gif':
      checkGif(bytes);
      return { lossless: true };
    case 'heic':
      // sniffHeader has walked its boxes (readHeifHeader): each fits and coded data is there.
      return { lossless: false };
  }
}

/**
 * Walks a GIF's blocks up to its first image: the colour tables and every data sub-block must
 * fit in the file, and an image must be there (a header alone is refused).
 */
function checkGif(bytes: Uint8Array): void {
  const colourTableSize = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  const skipSubBlocks = (from: number): number => {
    let at = from;
    while (at < bytes.length && bytes[at] !== 0) at += 1 + bytes[at]!;
    if (at >= bytes.length) throw truncated();
    return at + 1;
  };
  if (bytes.length < 13) throw truncated();
  let at = 13 + colourTableSize(bytes[10]!);
  while (at < bytes.length) {
    const block = bytes[at];
    if (block === 0x21) {
      at = skipSubBlocks(at + 2);
    } else if (block === 0x2c) {
      if (at + 10 > bytes.length) throw truncated();
      skipSubBlocks(at + 10 + colourTableSize(bytes[at + 9]!) + 1);
      return;
    } else {
      break;
    }
  }
  throw truncated();
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function ascii(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
}

const CHANNELS_BY_COLOUR_TYPE: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function checkPng(bytes: Uint8Array, header: HeaderInfo): void {
  const data = view(bytes);
  let at = 8;
  let idatBytes = 0;
  let bitsPerPixel = 0;
  while (at + 12 <= bytes.length) {
    const length = data.getUint32(at);
    const type = ascii(bytes, at + 4);
    if (at + 12 + length > bytes.length) break;
    if (type === 'IHDR' && length >= 13) {
      bitsPerPixel = bytes[at + 16]! * (CHANNELS_BY_COLOUR_TYPE[bytes[at + 17]!] ?? 4);
    }
    if (type === 'IDAT') idatBytes += length;
    if (type === 'IEND') {
      const rowBytes = 1 + Math.ceil((header.width * bitsPerPixel) / 8);
      if (idatBytes * MAX_DEFLATE_RATIO < rowBytes * header.height) break;
      return;
    }
    at += 12 + length;
  }
  throw truncated();
}

/** True for lossless (VP8L) data. */
function checkWebp(bytes: Uint8Array): boolean {
  const data = view(bytes);
  const riffEnd = 8 + data.getUint32(4, true);
  if (riffEnd > bytes.length) throw truncated();
  let at = 12;
  while (at + 8 <= riffEnd) {
    const type = ascii(bytes, at);
    const length = data.getUint32(at + 4, true);
    if (at + 8 + length > riffEnd) break;
    // ANMF: an animation frame (refused later with its own message).
    if ((type === 'VP8 ' || type === 'VP8L' || type === 'ANMF') && length > 0) {
      return type === 'VP8L';
    }
    at += 8 + length + (length & 1);
  }
  throw truncated();
}

/** The header walk up to the first scan: its segments must fit and a scan must begin. */
function checkJpeg(bytes: Uint8Array): void {
  const data = view(bytes);
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) {
      at++;
      continue;
    }
    const marker = bytes[at + 1]!;
    if (marker === 0xff || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += marker === 0xff ? 1 : 2;
      continue;
    }
    const length = data.getUint16(at + 2);
    if (at + 2 + length > bytes.length) break;
    if (marker === 0xda) {
      if (at + 2 + length < bytes.length) return;
      break;
    }
    at += 2 + length;
  }
  throw truncated();
}

function truncated(): EngineInputError {
  return new EngineInputError('TRUNCATED', 'The image file is truncated.');
}
