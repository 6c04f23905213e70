import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { convertToJpeg } from './renditions';
import { watermark } from './watermark';

async function grey(width: number, height: number): Promise<Uint8Array> {
  const image = sharp({ create: { width, height, channels: 3, background: '#808080' } });
  return new Uint8Array(await image.png().toBuffer());
}

describe('watermark', () => {
  it('draws its text across the whole image, at the same size', async () => {
    const marked = await watermark(await grey(320, 180), 'Reframe test');
    const { data, info } = await sharp(marked)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([320, 180]);
    const offGrey = (from: number, to: number) => {
      let count = 0;
      for (let y = 0; y < info.height; y++) {
        for (let x = from; x < to; x++) {
          const at = (y * info.width + x) * info.channels;
          if (Math.abs((data[at] ?? 0) - 128) > 60) count += 1;
        }
      }
      return count / ((to - from) * info.height);
    };
    // Both halves carry the mark: it cannot be cropped away.
    expect(offGrey(0, 160)).toBeGreaterThan(0.005);
    expect(offGrey(160, 320)).toBeGreaterThan(0.005);
  });

  it('JPEG conversion keeps the size', async () => {
    const jpeg = await convertToJpeg(await grey(64, 48));
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 64, 48]);
  });
});
