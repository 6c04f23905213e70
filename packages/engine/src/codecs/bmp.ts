import { EngineInputError } from '../errors';
import { sniffHeader } from './sniff';

export interface RawImage {
  width: number;
  height: number;
  channels: 3 | 4;
  data: Uint8Array;
}

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

/** Where a BMP's rows are and how they are laid out, read from its headers alone. */
export interface BmpLayout {
  width: number;
  height: number;
  dataOffset: number;
  dibSize: number;
  core: boolean;
  topDown: boolean;
  bpp: number;
  compression: number;
  stride: number;
}

/**
 * Reads a BMP's layout and refuses what we cannot decode or what the file is too short to hold,
 * before anything is allocated.
 */
export function readBmpLayout(bytes: Uint8Array): BmpLayout {
  const { width, height } = sniffHeader(bytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 34) throw new EngineInputError('TRUNCATED', 'The BMP file is truncated.');
  const dataOffset = view.getUint32(10, true);
  const dibSize = view.getUint32(14, true);
  const core = dibSize === 12;
  const topDown = !core && view.getInt32(22, true) < 0;
  const bpp = view.getUint16(core ? 24 : 28, true);
  const compression = core ? BI_RGB : view.getUint32(30, true);
  if (![BI_RGB, BI_BITFIELDS, BI_ALPHABITFIELDS].includes(compression)) {
    throw new EngineInputError('UNSUPPORTED_FORMAT', 'Compressed BMP files are not supported.');
  }
  if (![1, 4, 8, 16, 24, 32].includes(bpp)) {
    throw new EngineInputError(
      'UNSUPPORTED_FORMAT',
      `BMP with ${bpp} bits per pixel is not supported.`,
    );
  }
  const stride = Math.ceil((width * bpp) / 32) * 4;
  if (dataOffset + stride * height > bytes.length) {
    throw new EngineInputError('TRUNCATED', 'The BMP file is truncated.');
  }
  return { width, height, dataOffset, dibSize, core, topDown, bpp, compression, stride };
}

/**
 * Decodes an uncompressed BMP (1/4/8-bit palette, 16/24/32-bit, bit fields), which sharp's
 * prebuilt binaries cannot read. One output buffer is allocated; the loops allocate nothing per
 * pixel or per row.
 */
export function decodeBmp(bytes: Uint8Array): RawImage {
  const layout = readBmpLayout(bytes);
  const { width, height, bpp } = layout;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const masks = readMasks(view, layout.dibSize, bpp, layout.compression);
  const channels = masks[3]!.mask !== 0 ? 4 : 3;
  const palette =
    bpp <= 8 ? readPalette(bytes, 14 + layout.dibSize, layout.core ? 3 : 4, 1 << bpp) : undefined;
  const out = new Uint8Array(width * height * channels);
  for (let row = 0; row < height; row++) {
    const y = layout.topDown ? row : height - 1 - row;
    const line = layout.dataOffset + row * layout.stride;
    const o = y * width * channels;
    if (palette) {
      paletteRow(bytes, line, bpp, palette, out, o, width);
    } else if (bpp === 24 && layout.compression === BI_RGB) {
      bgrRow(bytes, line, 3, out, o, width);
    } else if (bpp === 32 && layout.compression === BI_RGB) {
      bgrRow(bytes, line, 4, out, o, width);
    } else {
      maskedRow(view, line, bpp, masks, channels, out, o, width);
    }
  }
  return { width, height, channels, data: out };
}

function paletteRow(
  bytes: Uint8Array,
  line: number,
  bpp: number,
  palette: Uint8Array,
  out: Uint8Array,
  o: number,
  width: number,
): void {
  const mask = (1 << bpp) - 1;
  for (let x = 0, at = o; x < width; x++, at += 3) {
    const bitPos = x * bpp;
    const byte = bytes[line + (bitPos >> 3)]!;
    const index = ((byte >> (8 - bpp - (bitPos & 7))) & mask) * 3;
    out[at] = palette[index]!;
    out[at + 1] = palette[index + 1]!;
    out[at + 2] = palette[index + 2]!;
  }
}

function bgrRow(
  bytes: Uint8Array,
  line: number,
  step: number,
  out: Uint8Array,
  o: number,
  width: number,
): void {
  for (let x = 0, from = line, at = o; x < width; x++, from += step, at += 3) {
    out[at] = bytes[from + 2]!;
    out[at + 1] = bytes[from + 1]!;
    out[at + 2] = bytes[from]!;
  }
}

function maskedRow(
  view: DataView,
  line: number,
  bpp: number,
  masks: readonly Channel[],
  channels: number,
  out: Uint8Array,
  o: number,
  width: number,
): void {
  const step = bpp >> 3;
  for (let x = 0, from = line, at = o; x < width; x++, from += step, at += channels) {
    const value =
      bpp === 16
        ? view.getUint16(from, true)
        : bpp === 24
          ? view.getUint16(from, true) | (view.getUint8(from + 2) << 16)
          : view.getUint32(from, true);
    for (let c = 0; c < channels; c++) {
      const { mask, shift, scale } = masks[c]!;
      out[at + c] = mask === 0 ? 0 : Math.round(((value & mask) >>> shift) * scale);
    }
  }
}

/** One colour channel's bit mask, with the shift and scale that turn its bits into 0-255. */
interface Channel {
  mask: number;
  shift: number;
  scale: number;
}

function channelOf(mask: number): Channel {
  if (mask === 0) return { mask: 0, shift: 0, scale: 0 };
  const shift = 31 - Math.clz32(mask & -mask);
  return { mask, shift, scale: 255 / (mask >>> shift) };
}

/** Red, green, blue and alpha, in that order. */
function readMasks(
  view: DataView,
  dibSize: number,
  bpp: number,
  compression: number,
): readonly Channel[] {
  let masks: [number, number, number, number];
  if (compression !== BI_RGB) {
    const hasAlpha = dibSize >= 56 || (dibSize >= 52 && compression === BI_ALPHABITFIELDS);
    masks = [
      view.getUint32(54, true),
      view.getUint32(58, true),
      view.getUint32(62, true),
      hasAlpha ? view.getUint32(66, true) : 0,
    ];
  } else if (bpp === 16) {
    masks = [0x7c00, 0x03e0, 0x001f, 0];
  } else {
    masks = [0xff0000, 0x00ff00, 0x0000ff, 0];
  }
  return masks.map(channelOf);
}

function readPalette(bytes: Uint8Array, at: number, entrySize: number, count: number): Uint8Array {
  const palette = new Uint8Array(count * 3);
  for (let i = 0; i < count && at + i * entrySize + 2 < bytes.length; i++) {
    const e = at + i * entrySize;
    palette[i * 3] = bytes[e + 2]!;
    palette[i * 3 + 1] = bytes[e + 1]!;
    palette[i * 3 + 2] = bytes[e]!;
  }
  return palette;
}
