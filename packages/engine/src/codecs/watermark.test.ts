import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { convertToJpeg, storedFromPixels } from './renditions';

function grey(width: number, height: number) {
  return {
    width,
    height,
    channels: 3 as const,
    data: new Uint8Array(width * height * 3).fill(128),
  };
}

/** Share of the pixels in columns `from` to `to` that are far from the grey they were. */
async function offGrey(bytes: Uint8Array, from: number, to: number): Promise<number> {
  const { data, info } = await sharp(bytes)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = from; x < to; x++) {
      const at = (y * info.width + x) * info.channels;
      if (Math.abs((data[at] ?? 0) - 128) > 60) count += 1;
    }
  }
  return count / ((to - from) * info.height);
}

describe('watermark', () => {
  it('is drawn across the whole stored result and its thumbnails, at the same size', async () => {
    const { webp, thumbnails } = await storedFromPixels(grey(320, 180), {
      watermark: 'Reframe test',
    });
    const meta = await sharp(webp).metadata();
    expect([meta.width, meta.height]).toEqual([320, 180]);
    // Both halves carry the mark: it cannot be cropped away.
    expect(await offGrey(webp, 0, 160)).toBeGreaterThan(0.005);
    expect(await offGrey(webp, 160, 320)).toBeGreaterThan(0.005);
    // The thumbnails are made from the marked pixels, not the clean ones.
    expect(await offGrey(thumbnails.thumb, 0, 240)).toBeGreaterThan(0.005);
  });

  it('JPEG conversion keeps the size', async () => {
    const raw = { width: 64, height: 48, channels: 3 as const };
    const png = await sharp(grey(64, 48).data, { raw }).png().toBuffer();
    const jpeg = await convertToJpeg(new Uint8Array(png));
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 64, 48]);
  });
});
