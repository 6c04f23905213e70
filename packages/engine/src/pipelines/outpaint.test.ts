import { describe, expect, it } from 'vitest';
import { computeCanvas, parseRatio } from '@reframe/shared/geometry/index';
import sharp from 'sharp';
import { decodeImage } from '../codecs/decode';
import { discsOverGravel } from '../../test/support/synthetic-raster';
import { outpaint } from './outpaint';
import { fixture, rawPixels } from '../../test/support/test-images';

const CATALOGUE = [
  '1:1',
  '4:3',
  '3:4',
  '16:9',
  '9:16',
  '3:2',
  '2:3',
  '21:9',
  '1.91:1',
  '4:5',
  '4:1',
  '1.33:1',
  '1.5:1',
  '1.78:1',
  '6:5',
];

function regionEquals(
  canvas: { data: Uint8Array; width: number; channels: number },
  original: { data: Uint8Array; width: number; height: number; channels: number },
  offsetX: number,
  offsetY: number,
): boolean {
  const c = original.channels;
  for (let y = 0; y < original.height; y++) {
    for (let x = 0; x < original.width * c; x++) {
      if (
        canvas.data[((y + offsetY) * canvas.width + offsetX) * c + x] !==
        original.data[y * original.width * c + x]
      )
        return false;
    }
  }
  return true;
}

describe('outpaint', () => {
  it.each(CATALOGUE)(
    'produces the shared canvas size for %s and keeps the original bit for bit',
    async (ratio) => {
      const input = await fixture('chelsea.png', 90);
      const original = await decodeImage(input);
      const canvas = computeCanvas(original.width, original.height, parseRatio(ratio));
      const result = await outpaint({ input, canvas, seed: 1 });
      const pixels = await rawPixels(result.png);
      expect([result.width, result.height, pixels.width, pixels.height]).toEqual([
        canvas.width,
        canvas.height,
        canvas.width,
        canvas.height,
      ]);
      expect(regionEquals(pixels, original, canvas.offsetX, canvas.offsetY)).toBe(true);
    },
  );

  it('is deterministic for a seed and varies with another seed', async () => {
    const input = await fixture('coffee.png', 160);
    const canvas = { width: 240, height: 160, offsetX: 40, offsetY: 27 };
    const [a, b, c] = await Promise.all([1, 1, 2].map((seed) => outpaint({ input, canvas, seed })));
    expect(Buffer.from(a!.png).equals(Buffer.from(b!.png))).toBe(true);
    expect(Buffer.from(a!.png).equals(Buffer.from(c!.png))).toBe(false);
  });

  it('keeps alpha: an RGBA input gives an RGBA PNG', async () => {
    const input = new Uint8Array(
      await (
        await import('sharp')
      )
        .default({
          create: {
            width: 40,
            height: 30,
            channels: 4,
            background: { r: 200, g: 10, b: 10, alpha: 0.5 },
          },
        })
        .png()
        .toBuffer(),
    );
    const result = await outpaint({
      input,
      canvas: { width: 60, height: 60, offsetX: 10, offsetY: 15 },
      seed: 3,
    });
    const pixels = await rawPixels(result.png);
    expect(pixels.channels).toBe(4);
    expect(pixels.data[3]).toBe(128);
  });

  describe('placement', () => {
    const scene = discsOverGravel();
    const encoded = async (): Promise<Uint8Array> =>
      new Uint8Array(
        await sharp(scene.data, { raw: { width: 120, height: 60, channels: 3 } })
          .png()
          .toBuffer(),
      );
    const canvas = { width: 120, height: 120, offsetX: 0, offsetY: 30 };

    it("'auto' says where it put the original, and the original is there bit for bit", async () => {
      const result = await outpaint({ input: await encoded(), canvas, seed: 1, placement: 'auto' });
      // The discs are cut by the top edge: the original goes to the top, the gravel grows down.
      expect([result.offsetX, result.offsetY]).toEqual([0, 0]);
      const pixels = await rawPixels(result.png);
      expect(regionEquals(pixels, scene, result.offsetX, result.offsetY)).toBe(true);
      expect(result.confidence).toBeGreaterThanOrEqual(0);
      expect(result.confidence).toBeLessThanOrEqual(1);
    });

    it("keeps the canvas's offset when the placement is fixed or not given", async () => {
      for (const placement of ['fixed', undefined] as const) {
        const result = await outpaint({ input: await encoded(), canvas, seed: 1, placement });
        expect([result.offsetX, result.offsetY]).toEqual([0, 30]);
        expect(regionEquals(await rawPixels(result.png), scene, 0, 30)).toBe(true);
      }
    });
  });

  it('refuses a canvas the original does not fit', async () => {
    const input = await fixture('coffee.png', 100);
    await expect(
      outpaint({ input, canvas: { width: 90, height: 200, offsetX: 0, offsetY: 0 }, seed: 1 }),
    ).rejects.toMatchObject({
      code: 'INVALID_CANVAS',
    });
  });

  it('resizes the original to imageWidth x imageHeight when the canvas asks for it', async () => {
    const input = await fixture('coffee.png', 200);
    const result = await outpaint({
      input,
      canvas: {
        width: 150,
        height: 100,
        offsetX: 25,
        offsetY: 17,
        imageWidth: 100,
        imageHeight: 67,
      },
      seed: 1,
    });
    expect([result.width, result.height]).toEqual([150, 100]);
  });

  it('scales the filled canvas to an exact placement size', async () => {
    const input = await fixture('coffee.png', 120);
    const original = await decodeImage(input);
    const canvas = computeCanvas(original.width, original.height, 1080 / 1920, 'top');
    const result = await outpaint({
      input,
      canvas: { ...canvas, outputWidth: 1080, outputHeight: 1920 },
      seed: 1,
    });
    const pixels = await rawPixels(result.png);
    expect([result.width, result.height, pixels.width, pixels.height]).toEqual([
      1080, 1920, 1080, 1920,
    ]);
  });

  it('refuses an exact size beyond the output limits', async () => {
    const input = await fixture('coffee.png', 100);
    await expect(
      outpaint({
        input,
        canvas: {
          width: 120,
          height: 120,
          offsetX: 0,
          offsetY: 0,
          outputWidth: 9000,
          outputHeight: 100,
        },
        seed: 1,
      }),
    ).rejects.toMatchObject({ code: 'INVALID_CANVAS' });
  });
});
