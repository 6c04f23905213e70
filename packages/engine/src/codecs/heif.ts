import decodeHeic from 'heic-decode';
import { EngineInputError } from '../errors';
import type { RawImage } from './bmp';

/**
 * HEIC and HEIF photos (iPhones save them by default): an ISO base media file whose `ftyp` names
 * a HEIF brand. sharp's build reads only the AV1 kind (AVIF), so the HEVC kind is decoded by
 * libheif compiled to WebAssembly (`heic-decode`), on the same worker threads as every decode.
 */

/** Brands of HEIF images coded with HEVC, as `ftyp` names them (ISO/IEC 23008-12, annex B). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

interface Box {
  type: string;
  /** Where its content starts and ends (after the header). */
  start: number;
  end: number;
}

/** The boxes between `from` and `to`; a box that claims to run past `to` means a cut-off file. */
function boxesIn(bytes: Uint8Array, view: DataView, from: number, to: number): Box[] {
  const boxes: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = view.getUint32(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) throw truncated();
      size = Number(view.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header || at + size > to) throw truncated();
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    boxes.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

/** True when the file is an ISO media file whose major or compatible brands name HEIF with HEVC. */
export function isHeif(bytes: Uint8Array): boolean {
  if (bytes.length < 16) return false;
  const ascii = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (ascii(4) !== 'ftyp') return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ftypEnd = Math.min(bytes.length, view.getUint32(0));
  const brands = [ascii(8)];
  for (let at = 16; at + 4 <= ftypEnd; at += 4) brands.push(ascii(at));
  // AVIF is HEIF too, but coded with AV1: sharp reads it, and it is not accepted here.
  if (brands.includes('avif') || brands.includes('avis')) return false;
  return brands.some((brand) => HEIF_BRANDS.has(brand));
}

/**
 * The image's size from its `ispe` properties (meta > iprp > ipco), without decoding: the
 * largest one is the primary image (the others are thumbnails or the tiles of a grid). Also
 * checks that every top-level box fits in the file and that coded data is present.
 */
export function readHeifHeader(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const top = boxesIn(bytes, view, 0, bytes.length);
  const meta = top.find((box) => box.type === 'meta');
  if (!meta || !top.some((box) => box.type === 'mdat') || meta.end - meta.start < 4) {
    throw truncated();
  }
  // `meta` is a full box: a version and flags come before its children.
  const iprp = boxesIn(bytes, view, meta.start + 4, meta.end).find((box) => box.type === 'iprp');
  const ipco = iprp && boxesIn(bytes, view, iprp.start, iprp.end).find((b) => b.type === 'ipco');
  let width = 0;
  let height = 0;
  for (const box of ipco ? boxesIn(bytes, view, ipco.start, ipco.end) : []) {
    if (box.type !== 'ispe' || box.end - box.start < 12) continue;
    const w = view.getUint32(box.start + 4);
    const h = view.getUint32(box.start + 8);
    if (w * h > width * height) {
      width = w;
      height = h;
    }
  }
  if (width === 0 || height === 0) {
    throw new EngineInputError('UNSUPPORTED_FORMAT', 'The HEIC file names no image size.');
  }
  return { width, height };
}

/** Decodes the primary image to 8-bit sRGB pixels, rotated and mirrored as the file says. */
export async function decodeHeif(bytes: Uint8Array): Promise<RawImage> {
  try {
    const image = await decodeHeic({ buffer: bytes });
    const rgba = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength);
    return opaque(rgba)
      ? { width: image.width, height: image.height, channels: 3, data: dropAlpha(rgba) }
      : { width: image.width, height: image.height, channels: 4, data: rgba };
  } catch (error) {
    throw new EngineInputError('HEIC_UNREADABLE', 'This HEIC photo could not be decoded.', {
      cause: error,
    });
  }
}

/** libheif always hands back RGBA; most photos have no alpha plane, so every alpha is 255. */
function opaque(rgba: Uint8Array): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return false;
  return true;
}

function dropAlpha(rgba: Uint8Array): Uint8Array {
  const rgb = new Uint8Array((rgba.length / 4) * 3);
  for (let from = 0, to = 0; from < rgba.length; from += 4, to += 3) {
    rgb[to] = rgba[from]!;
    rgb[to + 1] = rgba[from + 1]!;
    rgb[to + 2] = rgba[from + 2]!;
  }
  return rgb;
}

function truncated(): EngineInputError {
  return new EngineInputError('TRUNCATED', 'The image file is truncated.');
}
