import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { fixtureImage } from '@reframe/fixtures';

/** A licensed fixture photo, shrunk so jobs stay fast on two cores. */
export async function photo(
  name = 'chelsea.png',
  width = 96,
  format: 'png' | 'jpeg' | 'webp' | 'bmp' = 'jpeg',
): Promise<Uint8Array> {
  const resized = sharp(await readFile(fixtureImage(name))).resize(width);
  if (format === 'bmp') return bmpOf(resized);
  return new Uint8Array(await resized.toFormat(format).toBuffer());
}

/** A small photo-like JPEG drawn here (colour ramps with a texture), needing no fixture file. */
export async function drawnPhoto(width = 40, height = 27): Promise<Uint8Array> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = Math.round((x * 255) / width);
      pixels[at + 1] = Math.round((y * 255) / height);
      pixels[at + 2] = ((x * 7 + y * 13) % 32) * 8;
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return new Uint8Array(await image.jpeg().toBuffer());
}

/** A 24-bit BMP written by hand (sharp does not write BMP). */
async function bmpOf(image: ReturnType<typeof sharp>): Promise<Uint8Array> {
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const rowSize = Math.ceil((info.width * 3) / 4) * 4;
  const out = Buffer.alloc(54 + rowSize * info.height);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(info.width, 18);
  out.writeInt32LE(info.height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  out.writeUInt32LE(rowSize * info.height, 34);
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const from = (y * info.width + x) * 3;
      const to = 54 + (info.height - 1 - y) * rowSize + x * 3;
      out[to] = data[from + 2]!;
      out[to + 1] = data[from + 1]!;
      out[to + 2] = data[from]!;
    }
  }
  return new Uint8Array(out);
}

export async function sizeOf(bytes: Uint8Array) {
  const meta = await sharp(bytes).metadata();
  return { width: meta.width, height: meta.height, format: meta.format };
}

/** A two-frame animation in the given format. */
export async function animated(format: 'gif' | 'webp'): Promise<Uint8Array> {
  const frames = [0, 255].map((red) =>
    sharp({ create: { width: 16, height: 16, channels: 3, background: { r: red, g: 0, b: 0 } } })
      .png()
      .toBuffer(),
  );
  const buffers = await Promise.all(frames);
  const strip = await sharp(buffers, { join: { animated: true } })
    .toFormat(format, { loop: 0 })
    .toBuffer();
  return new Uint8Array(strip);
}

/**
 * A decompression bomb: a small PNG of one flat colour that decodes to 8000 x 8000 pixels
 * (64 MP, over the 50 MP limit), refused from its header before any pixel is decoded.
 */
export async function pngBomb(): Promise<Uint8Array> {
  const png = await sharp({
    create: { width: 8000, height: 8000, channels: 3, background: { r: 0, g: 0, b: 0 } },
    limitInputPixels: false,
  })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return new Uint8Array(png);
}

/** A flat PNG of any size, such as a 1 x 29999 sliver. */
export async function sliverPng(width: number, height: number): Promise<Uint8Array> {
  const png = await sharp({
    create: { width, height, channels: 3, background: { r: 90, g: 160, b: 120 } },
  })
    .png()
    .toBuffer();
  return new Uint8Array(png);
}

/** A real 1000 x 500 JPEG whose frame header claims 7000 x 7000: most pixels have no data. */
export async function hollowJpeg(): Promise<Uint8Array> {
  const small = await sharp({
    create: { width: 1000, height: 500, channels: 3, background: { r: 90, g: 160, b: 120 } },
  })
    .jpeg()
    .toBuffer();
  const bytes = new Uint8Array(small);
  const view = new DataView(bytes.buffer);
  for (let at = 2; at < bytes.length; at += 2 + view.getUint16(at + 2)) {
    if (bytes[at + 1] === 0xc0) {
      view.setUint16(at + 5, 7000);
      view.setUint16(at + 7, 7000);
      return bytes;
    }
  }
  throw new Error('no frame header');
}

/** A 38-byte WebP whose VP8X header claims `side` x `side` pixels, with no image data. */
export function hollowWebp(side: number): Uint8Array {
  const bytes = new Uint8Array(38);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode('RIFF'), 0);
  view.setUint32(4, 30, true);
  bytes.set(new TextEncoder().encode('WEBPVP8X'), 8);
  view.setUint32(16, 10, true);
  const stored = side - 1;
  for (const at of [24, 27]) bytes.set([stored & 0xff, (stored >> 8) & 0xff, stored >> 16], at);
  return bytes;
}

export const SVG = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
);
