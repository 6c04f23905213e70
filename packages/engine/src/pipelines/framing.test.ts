import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { computeCanvas } from '@reframe/shared/geometry/index';
import { decodeImage } from '../codecs/decode';
import type { RawImage } from '../codecs/bmp';
import { fixture, rawPixels } from '../../test/support/test-images';
import { outpaint } from './outpaint';
import type { Crop } from './canvas';

/** Whether the canvas holds `crop` of the original bit for bit at the offset. */
function keptAt(
  canvas: { data: Uint8Array; width: number; channels: number },
  original: RawImage,
  crop: Crop,
  offsetX: number,
  offsetY: number,
): boolean {
  const c = original.channels;
  for (let y = 0; y < crop.height; y++) {
    const from = ((crop.y + y) * original.width + crop.x) * c;
    const to = ((offsetY + y) * canvas.width + offsetX) * c;
    for (let i = 0; i < crop.width * c; i++) {
      if (canvas.data[to + i] !== original.data[from + i]) return false;
    }
  }
  return true;
}

const input = async (): Promise<Uint8Array> => fixture('coffee.png', 240);

// Each test runs whole jobs, a trim's several searches among them: more than the unit tier's
// 30 s when the machine is busy.
describe('outpaint with a trim', { timeout: 90_000 }, () => {
  it('trims across the axis that does not grow, onto the smallest canvas of the ratio', async () => {
    const bytes = await input();
    const original = await decodeImage(bytes);
    // A landscape photo made 9:16: the height grows, so columns are trimmed.
    const canvas = computeCanvas(original.width, original.height, 9 / 16);
    const result = await outpaint({ input: bytes, canvas, seed: 1, maxTrim: 0.25 });
    const { crop } = result;
    expect([crop.y, crop.height]).toEqual([0, original.height]);
    expect(crop.width).toBeLessThan(original.width);
    expect(crop.width).toBeGreaterThanOrEqual(Math.round(original.width * 0.75));
    // No margin: the canvas is exactly as wide as the kept part, with the request's ratio.
    expect(result.width).toBe(crop.width);
    expect(result.height).toBe(Math.round((crop.width * 16) / 9));
    const pixels = await rawPixels(result.png);
    expect([pixels.width, pixels.height]).toEqual([result.width, result.height]);
    expect(keptAt(pixels, original, crop, result.offsetX, result.offsetY)).toBe(true);
  });

  it('keeps the whole photo on the request canvas with no trim (the default)', async () => {
    const bytes = await input();
    const original = await decodeImage(bytes);
    const canvas = computeCanvas(original.width, original.height, 9 / 16);
    const result = await outpaint({ input: bytes, canvas, seed: 1 });
    expect(result.crop).toEqual({ x: 0, y: 0, width: original.width, height: original.height });
    expect([result.width, result.height]).toEqual([canvas.width, canvas.height]);
  });

  it('comes out at an exact output size when the request has one', async () => {
    const bytes = await input();
    const original = await decodeImage(bytes);
    const canvas = computeCanvas(original.width, original.height, 1080 / 1920);
    const result = await outpaint({
      input: bytes,
      canvas: { ...canvas, outputWidth: 1080, outputHeight: 1920 },
      seed: 1,
      maxTrim: 0.5,
    });
    const pixels = await rawPixels(result.png);
    expect([result.width, result.height, pixels.width, pixels.height]).toEqual([
      1080, 1920, 1080, 1920,
    ]);
    expect(result.crop.width).toBeLessThan(original.width);
  });

  it("gives the crop in the original's pixels when the canvas scales the original down", async () => {
    const bytes = await input();
    const original = await decodeImage(bytes);
    const scale = 0.5;
    const imageWidth = Math.round(original.width * scale);
    const imageHeight = Math.round(original.height * scale);
    const result = await outpaint({
      input: bytes,
      canvas: {
        width: imageWidth,
        height: Math.round((imageWidth * 16) / 9),
        offsetX: 0,
        offsetY: 0,
        imageWidth,
        imageHeight,
      },
      seed: 1,
      maxTrim: 0.25,
    });
    const { crop } = result;
    expect(crop.height).toBe(original.height);
    expect(crop.x + crop.width).toBeLessThanOrEqual(original.width);
    // The kept part on the canvas is the crop at the canvas's scale: the canvas is its width.
    expect(Math.abs(result.width - crop.width * scale)).toBeLessThanOrEqual(1);
  });

  it('with preferWhole, keeps the whole photo when its fill is clean', async () => {
    // A plain gradient extends cleanly: nothing to gain from trimming it.
    const width = 160;
    const height = 90;
    const data = new Uint8Array(width * height * 3);
    for (let p = 0; p < width * height; p++) data.set([100, 140, 200 - (p % width) / 4], p * 3);
    const bytes = new Uint8Array(
      await sharp(data, { raw: { width, height, channels: 3 } })
        .png()
        .toBuffer(),
    );
    const canvas = computeCanvas(width, height, 1);
    const result = await outpaint({
      input: bytes,
      canvas,
      seed: 1,
      maxTrim: 0.25,
      preferWhole: true,
      placement: 'auto',
    });
    expect(result.crop).toEqual({ x: 0, y: 0, width, height });
    expect(result.confidence).toBeGreaterThanOrEqual(0.5);
    // No margin: the smallest square that holds the photo.
    expect([result.width, result.height]).toEqual([160, 160]);
  });

  it('with preferWhole, trims a photo whose whole fill is clean only by a small margin', async () => {
    // The coffee cup made 16:9: its whole fill is called clean (about 0.6), below the strict
    // margin Auto framing asks of the whole photo, so a trim, which invents less, is made.
    const bytes = await input();
    const original = await decodeImage(bytes);
    const canvas = computeCanvas(original.width, original.height, 16 / 9);
    const result = await outpaint({
      input: bytes,
      canvas,
      seed: 1,
      maxTrim: 0.25,
      preferWhole: true,
      placement: 'auto',
    });
    const { crop } = result;
    expect([crop.x, crop.width]).toEqual([0, original.width]);
    expect(crop.height).toBeLessThan(original.height);
    // Rows trimmed, still a little to extend sideways, with no margin.
    expect(result.height).toBe(crop.height);
    expect(result.width).toBe(Math.round((crop.height * 16) / 9));
    const pixels = await rawPixels(result.png);
    expect(keptAt(pixels, original, crop, result.offsetX, result.offsetY)).toBe(true);
  });

  it('refuses a maxTrim outside 0 to 0.5', async () => {
    const bytes = await input();
    const canvas = { width: 300, height: 300, offsetX: 0, offsetY: 0 };
    await expect(outpaint({ input: bytes, canvas, seed: 1, maxTrim: 0.6 })).rejects.toMatchObject({
      code: 'INVALID_CANVAS',
    });
  });
});

describe('outpaint with the blurred backdrop', () => {
  it('puts the original bit for bit over a darker blur of itself, always clean', async () => {
    const bytes = await input();
    const original = await decodeImage(bytes);
    const canvas = computeCanvas(original.width, original.height, 9 / 16);
    const result = await outpaint({ input: bytes, canvas, seed: 1, style: 'blurred_backdrop' });
    expect(result.confidence).toBe(1);
    expect([result.width, result.height]).toEqual([canvas.width, canvas.height]);
    const pixels = await rawPixels(result.png);
    const whole = { x: 0, y: 0, width: original.width, height: original.height };
    expect(keptAt(pixels, original, whole, result.offsetX, result.offsetY)).toBe(true);
    // Above the photo: no hard edges (blurred).
    const row = Math.floor(result.offsetY / 2);
    const at = (x: number): number => pixels.data[(row * pixels.width + x) * 3]!;
    const steps = Array.from({ length: pixels.width - 1 }, (_, x) => Math.abs(at(x + 1) - at(x)));
    expect(Math.max(...steps)).toBeLessThanOrEqual(4);
  });

  it('darkens the backdrop slightly', async () => {
    const plain = new Uint8Array(
      await sharp({ create: { width: 160, height: 90, channels: 3, background: '#c86432' } })
        .png()
        .toBuffer(),
    );
    const result = await outpaint({
      input: plain,
      canvas: computeCanvas(160, 90, 1),
      seed: 1,
      style: 'blurred_backdrop',
    });
    const pixels = await rawPixels(result.png);
    const corner = Array.from(pixels.data.subarray(0, 3));
    const colour = [0xc8, 0x64, 0x32];
    corner.forEach((v, ch) => {
      expect(v).toBeLessThan(colour[ch]! * 0.9);
      expect(v).toBeGreaterThan(colour[ch]! * 0.7);
    });
  });
});
