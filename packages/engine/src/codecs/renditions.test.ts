import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fixture, rawPixels } from '../../test/support/test-images';
import { encodePng } from './encode';
import type { ThumbnailSize } from './renditions';
import {
  compactResult,
  convertToPng,
  makeThumbnails,
  storedFromPixels,
  THUMBNAIL_SIDES,
} from './renditions';

/** A PNG with every alpha level, and colours under its fully transparent pixels. */
async function translucentPng(): Promise<Uint8Array> {
  const width = 64;
  const height = 32;
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    data.set([(i * 7) % 256, (i * 13) % 256, (i * 29) % 256, i % 256], i * 4);
  }
  const png = await sharp(data, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
  return new Uint8Array(png);
}

describe('compactResult', () => {
  it('stores a result as lossless WebP: the same pixels in fewer bytes', async () => {
    const png = await fixture('coffee.png', 800);
    const { webp } = await compactResult(png);
    const [kept, made] = await Promise.all([rawPixels(webp), rawPixels(png)]);
    expect((await sharp(webp).metadata()).format).toBe('webp');
    expect([kept.width, kept.height, kept.channels]).toEqual([made.width, made.height, 3]);
    expect(Buffer.from(kept.data).equals(Buffer.from(made.data))).toBe(true);
    expect(webp.byteLength).toBeLessThan(png.byteLength);
  });

  it('keeps every alpha level and the colour under transparent pixels', async () => {
    const png = await translucentPng();
    const back = await rawPixels(await convertToPng((await compactResult(png)).webp));
    expect(Buffer.from(back.data).equals(Buffer.from((await rawPixels(png)).data))).toBe(true);
  });
});

describe('storedFromPixels', () => {
  it('makes from raw pixels the files compactResult makes from their PNG, at the exact size', async () => {
    const { data, info } = await sharp(await fixture('coffee.png', 500))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = { width: info.width, height: info.height, channels: 3 as const, data };
    const output = { width: 640, height: 427 };
    const stored = await storedFromPixels(pixels, { output });
    const png = await encodePng(data, info.width, info.height, 3, output);
    const compact = await compactResult(png);
    const [kept, made] = await Promise.all([rawPixels(stored.webp), rawPixels(png)]);
    expect([kept.width, kept.height]).toEqual([640, 427]);
    expect(Buffer.from(kept.data).equals(Buffer.from(made.data))).toBe(true);
    for (const size of Object.keys(THUMBNAIL_SIDES) as ThumbnailSize[]) {
      expect(Buffer.from(stored.thumbnails[size]).equals(compact.thumbnails[size])).toBe(true);
    }
  });
});

describe('makeThumbnails', () => {
  it('makes a WebP of each size, its longest side at the size, the aspect kept', async () => {
    const thumbnails = await makeThumbnails(await fixture('rocket.jpg', 1600, 'jpeg'));
    for (const [size, side] of Object.entries(THUMBNAIL_SIDES)) {
      const meta = await sharp(thumbnails[size as keyof typeof THUMBNAIL_SIDES]).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width, meta.height)).toBe(side);
    }
  });

  it('never enlarges a small image', async () => {
    const { preview } = await makeThumbnails(await fixture('coffee.png', 100));
    expect((await sharp(preview).metadata()).width).toBe(100);
  });
});

describe('convertToPng', () => {
  it('gives back a PNG of the stored pixels', async () => {
    const jpeg = await fixture('hubble_deep_field.jpg', 300, 'jpeg');
    const png = await convertToPng(jpeg);
    expect((await sharp(png).metadata()).format).toBe('png');
    const [a, b] = await Promise.all([rawPixels(png), rawPixels(jpeg)]);
    expect(Buffer.from(a.data).equals(Buffer.from(b.data))).toBe(true);
  });
});
