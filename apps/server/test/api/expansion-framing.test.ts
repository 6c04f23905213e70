import { type Crop, type Expansion, type V1Error } from '@reframe/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { creditsOfUser, expertOwner } from '../helpers/team';
import { photo } from '../resizer/images';
import { createKey, pollExpansion, postExpansion, v1 } from './api-client';

async function rawOf(bytes: Uint8Array) {
  const { data, info } = await sharp(bytes)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Rows of the kept part of the photo not found bit for bit at the offset on the image. */
async function keptRowsMisplaced(
  photoBytes: Uint8Array,
  image: Uint8Array,
  crop: Crop,
  offset: { x: number; y: number },
): Promise<number> {
  const source = await rawOf(photoBytes);
  const result = await rawOf(image);
  let misplaced = 0;
  for (let y = 0; y < crop.height; y++) {
    const from = ((crop.y + y) * source.width + crop.x) * 3;
    const to = ((offset.y + y) * result.width + offset.x) * 3;
    const kept = source.data.subarray(from, from + crop.width * 3);
    if (!kept.equals(result.data.subarray(to, to + crop.width * 3))) misplaced += 1;
  }
  return misplaced;
}

describe('POST /v1/expansions with a framing and a style (issue 38)', () => {
  let t: TestApp;
  // A PNG, so the kept part can be compared with the photo's own pixels.
  let photoPng: Uint8Array;
  const image = () => ({ bytes: photoPng, filename: 'chelsea.png', contentType: 'image/png' });

  beforeAll(async () => {
    t = await createTestApp({ env: { ENGINE_WORKERS: '1' } });
    photoPng = await photo('chelsea.png', 96, 'png');
  });
  afterAll(() => t.close());

  it('framing "trim": each output says what it kept, where, and how sure the engine is', async () => {
    const owner = await expertOwner(t);
    const { secret } = await createKey(owner.client);
    const before = await creditsOfUser(t, owner.userId);
    const { width, height } = await rawOf(photoPng);

    const response = await postExpansion(t, secret, {
      image: image(),
      fields: [
        ['ratio', '9:16'],
        ['size', '270x480'],
        ['framing', 'trim'],
      ],
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json<Expansion>().outputs.map((output) => output.crop)).toEqual([null, null]);
    const expansion = await pollExpansion(t, secret, response.json<Expansion>().id);
    expect(expansion.status, JSON.stringify(expansion.outputs)).toBe('succeeded');
    expect(await creditsOfUser(t, owner.userId)).toBe(before - 2);

    const [ratio, exact] = expansion.outputs;
    expect(exact).toMatchObject({ size: '270x480', width: 270, height: 480 });
    for (const output of [ratio!, exact!]) {
      const crop = output.crop!;
      // A landscape photo made portrait grows in height: only its sides may be trimmed, at most 25 %.
      expect(crop.y).toBe(0);
      expect(crop.height).toBe(height);
      expect(crop.x + crop.width).toBeLessThanOrEqual(width);
      expect(crop.width).toBeGreaterThanOrEqual(Math.floor(width * 0.75));
      expect(crop.width).toBeLessThan(width);
      expect(output.confidence).toBeGreaterThanOrEqual(0);
      expect(output.confidence).toBeLessThanOrEqual(1);
      expect(output.offset).not.toBeNull();
    }

    // The ratio's image is the canvas the framing made, 9:16, with the kept part bit for bit.
    const file = await v1(t, 'GET', new URL(ratio!.url!).pathname);
    const png = new Uint8Array(file.rawPayload);
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height]).toEqual([ratio!.width, ratio!.height]);
    expect(Math.abs(ratio!.width / ratio!.height - 9 / 16)).toBeLessThan(0.01);
    expect(await keptRowsMisplaced(photoPng, png, ratio!.crop!, ratio!.offset!)).toBe(0);
  });

  it('refuses a framing or style it does not know, naming the field, and charges nothing', async () => {
    const owner = await expertOwner(t);
    const { secret } = await createKey(owner.client);
    const before = await creditsOfUser(t, owner.userId);
    for (const [field, value] of [
      ['framing', 'crop'],
      ['style', 'sepia'],
    ] as const) {
      const refused = await postExpansion(t, secret, {
        image: image(),
        fields: [
          ['ratio', '1:1'],
          [field, value],
        ],
      });
      expect(refused.statusCode).toBe(400);
      const { error } = refused.json<V1Error>();
      expect(error).toMatchObject({ code: 'invalid_request', field });
      expect(error.message.startsWith(`${field}: `)).toBe(true);
    }
    expect(await creditsOfUser(t, owner.userId)).toBe(before);
  });
});
