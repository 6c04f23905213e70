import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { rawPixels } from '../../test/support/test-images';
import { decodeImage } from '../codecs/decode';
import { padForModel, pasteOriginal } from './model-canvas';
import { borderSteps } from '../codecs/seam-step';

const PHOTOS = new URL('../../bench/photos/', import.meta.url);

async function photo(name: string, width: number): Promise<Uint8Array> {
  const bytes = await readFile(new URL(name, PHOTOS));
  return new Uint8Array(await sharp(bytes).resize(width).png().toBuffer());
}

/** The RGB pixels of a bench photo scaled to cover `width` x `height`. */
async function scene(name: string, width: number, height: number): Promise<Buffer> {
  const bytes = await readFile(new URL(name, PHOTOS));
  return sharp(bytes).resize(width, height, { fit: 'cover' }).removeAlpha().raw().toBuffer();
}

const DRIFT = 7;

/**
 * A hosted model at 0.75 of the canvas: its copy of the original (the middle of `scene`, `rect`)
 * is DRIFT levels brighter, and it paints the new area from `painted`. Returns its output and
 * what it painted, at the canvas's size.
 */
async function scaledModel(
  photoScene: Buffer,
  painted: Buffer,
  canvas: { width: number; height: number },
  rect: { x: number; y: number; width: number; height: number },
) {
  const made = Buffer.alloc(canvas.width * canvas.height * 3);
  for (let y = 0; y < canvas.height; y++) {
    for (let x = 0; x < canvas.width; x++) {
      const inside =
        x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height;
      for (let c = 0; c < 3; c++) {
        const i = (y * canvas.width + x) * 3 + c;
        made[i] = Math.min(255, (inside ? photoScene[i]! : painted[i]!) + DRIFT);
      }
    }
  }
  const raw = { width: canvas.width, height: canvas.height, channels: 3 } as const;
  const small = {
    width: Math.round(canvas.width * 0.75),
    height: Math.round(canvas.height * 0.75),
  };
  const output = await sharp(made, { raw })
    .resize(small.width, small.height, { fit: 'fill', kernel: 'lanczos3' })
    .png()
    .toBuffer();
  return { output: new Uint8Array(output), made };
}

/** The canvas, the original's place on it and the original (PNG): the middle of a wider scene. */
async function croppedScene(name: string, extend: 'x' | 'y') {
  const canvas = extend === 'x' ? { width: 640, height: 360 } : { width: 360, height: 640 };
  const rect =
    extend === 'x'
      ? { x: 140, y: 0, width: 360, height: 360 }
      : { x: 0, y: 140, width: 360, height: 360 };
  const photoScene = await scene(name, canvas.width, canvas.height);
  const raw = { width: canvas.width, height: canvas.height, channels: 3 } as const;
  const input = await sharp(photoScene, { raw })
    .extract({ left: rect.x, top: rect.y, width: rect.width, height: rect.height })
    .png()
    .toBuffer();
  const request = { width: canvas.width, height: canvas.height, offsetX: rect.x, offsetY: rect.y };
  return { canvas: request, rect, photoScene, input: new Uint8Array(input) };
}

/** A model that returns the canvas it was sent, 8 levels brighter and slightly blurred. */
async function driftingModel(canvasPng: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await sharp(canvasPng).blur(0.8).linear(1, 8).png().toBuffer());
}

describe('the seam where the original is pasted back', () => {
  it.each(['chelsea.jpg', 'dogs.jpg', 'sunset.jpg', 'interior.jpg', 'astronaut.jpg'])(
    'stays within 1.3x the photo’s own step with the correction, and not without (%s)',
    async (name) => {
      const input = await photo(name, 400);
      const decoded = await decodeImage(input);
      const width = Math.round((decoded.height * 16) / 9);
      const offsetX = Math.floor((width - decoded.width) / 2);
      const canvas = { width, height: decoded.height, offsetX, offsetY: 0 };
      const padded = await padForModel({ input, canvas });
      const output = await driftingModel(padded.image);
      const rect = { x: offsetX, y: 0, width: decoded.width, height: decoded.height };
      const steps = async (correctSeam: boolean) => {
        const result = await pasteOriginal({ input, canvas, output, correctSeam });
        const pixels = await rawPixels(result.png);
        return borderSteps(pixels, rect);
      };
      const corrected = await steps(true);
      const uncorrected = await steps(false);
      expect(corrected.across).toBeLessThanOrEqual(1.3 * corrected.own);
      expect(uncorrected.across).toBeGreaterThan(1.3 * uncorrected.own);
    },
  );

  it('leaves the original bit for bit and the far new area as the model made it', async () => {
    const input = await photo('coffee.jpg', 240);
    const decoded = await decodeImage(input);
    const canvas = { width: 600, height: decoded.height, offsetX: 300, offsetY: 0 };
    const padded = await padForModel({ input, canvas });
    const output = await driftingModel(padded.image);
    const result = await rawPixels((await pasteOriginal({ input, canvas, output })).png);
    const model = await rawPixels(output);
    for (let y = 0; y < decoded.height; y++) {
      const from = y * decoded.width * 3;
      const to = (y * 600 + 300) * 3;
      expect(
        Buffer.from(result.data.subarray(to, to + decoded.width * 3)).equals(
          Buffer.from(decoded.data.subarray(from, from + decoded.width * 3)),
        ),
      ).toBe(true);
    }
    // Far from the border (beyond the fade distance), the model's pixels are kept.
    const at = (10 * 600 + 2) * 3;
    expect([...result.data.subarray(at, at + 3)]).toEqual([...model.data.subarray(at, at + 3)]);
  });

  it.each([
    ['sunset.jpg', 'x'],
    ['interior.jpg', 'x'],
    ['dogs.jpg', 'y'],
    ['coffee.jpg', 'y'],
  ] as const)(
    'takes the drift off the seam of a 0.75-scale model that continues the scene (%s, along %s)',
    async (name, extend) => {
      const { canvas, rect, photoScene, input } = await croppedScene(name, extend);
      const { output } = await scaledModel(photoScene, photoScene, canvas, rect);
      const steps = async (correctSeam: boolean) => {
        const result = await pasteOriginal({ input, canvas, output, correctSeam });
        return borderSteps(await rawPixels(result.png), rect);
      };
      const corrected = await steps(true);
      const uncorrected = await steps(false);
      // The model's softer copy of the photo stays softer; its 7 levels of drift are gone.
      expect(uncorrected.drift).toBeGreaterThan(DRIFT / 2);
      expect(Math.abs(corrected.drift)).toBeLessThanOrEqual(2);
      expect(corrected.across).toBeLessThan(uncorrected.across);
    },
  );

  it.each([
    ['sunset.jpg', 'x'],
    ['interior.jpg', 'x'],
    ['dogs.jpg', 'y'],
    ['coffee.jpg', 'y'],
  ] as const)(
    'keeps what a 0.75-scale model painted next to the photo within a few levels of it (%s, along %s)',
    async (name, extend) => {
      const { canvas, rect, photoScene, input } = await croppedScene(name, extend);
      // New content that does not continue the photo: its outer pixels are no drift.
      const painted = await scene('bricks.jpg', canvas.width, canvas.height);
      const { output } = await scaledModel(photoScene, painted, canvas, rect);
      const paste = async (correctSeam: boolean) =>
        rawPixels((await pasteOriginal({ input, canvas, output, correctSeam })).png);
      const corrected = await paste(true);
      const asPainted = await paste(false);
      let far = 0;
      let newArea = 0;
      for (let y = 0; y < canvas.height; y++) {
        for (let x = 0; x < canvas.width; x++) {
          const inside =
            x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height;
          if (inside) continue;
          newArea++;
          const p = (y * canvas.width + x) * 3;
          const off = Math.max(
            ...[0, 1, 2].map((c) => Math.abs(corrected.data[p + c]! - asPainted.data[p + c]!)),
          );
          if (off > 16) far++;
        }
      }
      expect(far / newArea).toBeLessThan(0.01);
    },
  );
});
