import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fixture, rawPixels } from '../../test/support/test-images';
import { decodeImage } from '../codecs/decode';
import { padForModel, pasteOriginal } from './model-canvas';

const canvas = { width: 200, height: 120, offsetX: 50, offsetY: 10 };

async function original() {
  return fixture('coffee.png', 100);
}

function regionOf(
  image: { data: Uint8Array; width: number; channels: number },
  w: number,
  h: number,
) {
  const rows: number[] = [];
  for (let y = 0; y < h; y++) {
    const from = ((canvas.offsetY + y) * image.width + canvas.offsetX) * image.channels;
    rows.push(...image.data.subarray(from, from + w * image.channels));
  }
  return rows;
}

describe('padForModel', () => {
  it('puts the original at its offset and masks only the new area', async () => {
    const input = await original();
    const decoded = await decodeImage(input);
    const { image, mask } = await padForModel({ input, canvas });
    const pixels = await rawPixels(image);
    expect([pixels.width, pixels.height]).toEqual([200, 120]);
    expect(regionOf(pixels, decoded.width, decoded.height)).toEqual([...decoded.data]);
    const maskPixels = await rawPixels(mask!);
    const at = (x: number, y: number) => maskPixels.data[(y * 200 + x) * maskPixels.channels];
    expect([at(0, 0), at(60, 20), at(199, 119)]).toEqual([255, 0, 255]);
  });
});

describe('pasteOriginal', () => {
  it('scales any output to the canvas and pastes the original back bit for bit', async () => {
    const input = await original();
    const decoded = await decodeImage(input);
    // A model that returns another size and paints over the subject too.
    const output = await sharp({
      create: { width: 64, height: 40, channels: 3, background: { r: 250, g: 0, b: 250 } },
    })
      .jpeg()
      .toBuffer();
    const result = await pasteOriginal({ input, canvas, output: new Uint8Array(output) });
    const pixels = await rawPixels(result.png);
    expect([result.width, result.height, pixels.width, pixels.height]).toEqual([
      200, 120, 200, 120,
    ]);
    expect(regionOf(pixels, decoded.width, decoded.height)).toEqual([...decoded.data]);
    expect(pixels.data[0]).toBeGreaterThan(200);
  });

  it('takes the original as padForModel decoded it, making the same result as from its bytes', async () => {
    const input = await original();
    const padded = await padForModel({ input, canvas });
    const output = padded.image;
    const fromPixels = await pasteOriginal({ input: padded.original, canvas, output });
    const fromBytes = await pasteOriginal({ input, canvas, output });
    expect(Buffer.from(fromPixels.png).equals(Buffer.from(fromBytes.png))).toBe(true);
  });

  it('refuses decoded pixels that do not fit the canvas', async () => {
    const padded = await padForModel({ input: await original(), canvas });
    const wider = { ...canvas, width: 140, offsetX: 50 };
    await expect(
      pasteOriginal({ input: padded.original, canvas: wider, output: padded.image }),
    ).rejects.toMatchObject({ code: 'INVALID_CANVAS' });
  });

  it('refuses an output that is not an image', async () => {
    const output = new TextEncoder().encode('<!doctype html><title>Sign in</title>');
    await expect(pasteOriginal({ input: await original(), canvas, output })).rejects.toMatchObject({
      name: 'EngineInputError',
      code: 'UNSUPPORTED_FORMAT',
    });
  });

  it('refuses an output whose header claims more pixels than the cap, before decoding it', async () => {
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#888' },
    })
      .png()
      .toBuffer();
    // The IHDR claims 20000 x 20000 (400 MP); its CRC is not checked before the size is.
    png.writeUInt32BE(20_000, 16);
    png.writeUInt32BE(20_000, 20);
    await expect(
      pasteOriginal({ input: await original(), canvas, output: new Uint8Array(png) }),
    ).rejects.toMatchObject({ code: 'TOO_MANY_PIXELS' });
  });
});

describe('padForModel with a model fit', () => {
  it('scales the canvas to the model, and the mask reaches into the original on open sides', async () => {
    const input = await original();
    const fit = {
      width: 100,
      height: 60,
      sends: 'canvas',
      maskReach: 4,
      maskFills: 'white',
    } as const;
    const { image, mask, placement } = await padForModel({ input, canvas, fit });
    expect(placement).toEqual({ x: 25, y: 5, width: 50, height: 34 });
    expect([(await rawPixels(image)).width, (await rawPixels(image)).height]).toEqual([100, 60]);
    const maskPixels = await rawPixels(mask!);
    const at = (x: number, y: number) => maskPixels.data[(y * 100 + x) * maskPixels.channels];
    // Painted 4 px into the original from its left and top, kept inside.
    expect([at(25, 20), at(28, 20), at(29, 20), at(50, 8), at(50, 9), at(50, 30)]).toEqual([
      255, 255, 0, 255, 0, 0,
    ]);
  });

  it('sends the original alone, scaled, for a model that places it itself', async () => {
    const input = await original();
    const fit = {
      width: 100,
      height: 60,
      sends: 'original',
      maskReach: 0,
      maskFills: 'white',
    } as const;
    const { image, mask, placement } = await padForModel({ input, canvas, fit });
    const pixels = await rawPixels(image);
    expect([pixels.width, pixels.height, mask]).toEqual([placement.width, placement.height, null]);
  });
});
