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

/**
 * Decodes an uncompressed BMP (1/4/8-bit palette, 16/24/32-bit, bit fields), which sharp's
 * prebuilt binaries cannot read. The size is checked (sniffHeader) before anything is allocated.
 */
export function decodeBmp(bytes: Uint8Array): RawImage {
  const { width, height } = sniffHeader(bytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
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
  const masks = readMasks(view, dibSize, bpp, compression);
  const palette = bpp <= 8 ? readPalette(bytes, 14 + dibSize, core ? 3 : 4, 1 << bpp) : undefined;
  const channels = masks.a !== 0 ? 4 : 3;
  const out = new Uint8Array(width * height * channels);
  for (let row = 0; row < height; row++) {
    const y = topDown ? row : height - 1 - row;
    const line = dataOffset + row * stride;
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * channels;
      if (palette) {
        const bitPos = x * bpp;
        const byte = bytes[line + (bitPos >> 3)]!;
        const index = (byte >> (8 - bpp - (bitPos & 7))) & ((1 << bpp) - 1);
        out.set(palette.subarray(index * 3, index * 3 + 3), o);
        continue;
      }
      const at = line + x * (bpp >> 3);
      const value =
        bpp === 16
          ? view.getUint16(at, true)
          : bpp === 24
            ? bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16)
            : view.getUint32(at, true);
      out[o] = channel(value, masks.r);
      out[o + 1] = channel(value, masks.g);
      out[o + 2] = channel(value, masks.b);
      if (channels === 4) out[o + 3] = channel(value, masks.a);
    }
  }
  return { width, height, channels, data: out };
}

interface Masks {
  r: number;
  g: number;
  b: number;
  a: number;
}

function readMasks(view: DataView, dibSize: number, bpp: number, compression: number): Masks {
  if (compression !== BI_RGB && dibSize >= 52) {
    const a = dibSize >= 56 || compression === BI_ALPHABITFIELDS ? view.getUint32(66, true) : 0;
    return {
      r: view.getUint32(54, true),
      g: view.getUint32(58, true),
      b: view.getUint32(62, true),
      a,
    };
  }
  if (compression !== BI_RGB) {
    return {
      r: view.getUint32(54, true),
      g: view.getUint32(58, true),
      b: view.getUint32(62, true),
      a: 0,
    };
  }
  if (bpp === 16) return { r: 0x7c00, g: 0x03e0, b: 0x001f, a: 0 };
  return { r: 0xff0000, g: 0x00ff00, b: 0x0000ff, a: 0 };
}

function channel(value: number, mask: number): number {
  if (mask === 0) return 0;
  const shift = 31 - Math.clz32(mask & -mask);
  const max = mask >>> shift;
  return Math.round((((value & mask) >>> shift) * 255) / max);
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
