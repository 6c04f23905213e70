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
});
