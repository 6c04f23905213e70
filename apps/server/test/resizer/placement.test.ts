import {
  computeCanvas,
  parseRatio,
  resolveOutput,
  type HistoryPage,
  type Prediction,
  type UploadResponse,
} from '@reframe/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../helpers/accounts';
import type { TestClient } from '../helpers/client';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { replicateEnv, TOKEN } from '../replicate/replicate-harness';
import { startFakeReplicate, type FakeReplicate } from '../helpers/fake-replicate-server';
import { pathOf, pollUntilSettled, upload } from './resizer-client';

/** A 120 x 90 photo of noise made here: every row differs, so a misplaced original shows. */
async function noisePhoto(): Promise<Uint8Array> {
  const noise = { type: 'gaussian' as const, mean: 128, sigma: 40 };
  const image = sharp({
    create: { width: 120, height: 90, channels: 3, background: '#808080', noise },
  });
  return new Uint8Array(await image.jpeg().toBuffer());
}

async function rawOf(bytes: Buffer) {
  const { data, info } = await sharp(bytes)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Rows of the stored original that are not found bit for bit at the offset on the result. */
async function rowsMisplaced(
  client: TestClient,
  original: UploadResponse,
  done: Prediction,
): Promise<number> {
  const source = await rawOf((await client.get(pathOf(original.url))).rawPayload);
  const result = await rawOf((await client.get(pathOf(done.output!))).rawPayload);
  const row = source.width * 3;
  let misplaced = 0;
  for (let y = 0; y < source.height; y++) {
    const at = ((done.offset_y! + y) * result.width + done.offset_x!) * 3;
    const expected = source.data.subarray(y * row, (y + 1) * row);
    if (!expected.equals(result.data.subarray(at, at + row))) misplaced += 1;
  }
  return misplaced;
}

async function predict(
  client: TestClient,
  input: Record<string, unknown>,
): Promise<{ accepted: Prediction; done: Prediction }> {
  const response = await client.post('/api/replicate', {
    endpoint: 'predictions',
    // These are the placements of the whole photo on the brief's canvas (framing in framing.test.ts).
    data: { input: { regenerate: false, framing: 'keep', ...input } },
  });
  expect(response.statusCode, response.body).toBe(202);
  const accepted = response.json<Prediction>();
  return { accepted, done: await pollUntilSettled(client, accepted.id) };
}

async function historyVersionOf(client: TestClient, ratio: string, id: string) {
  const page = (await client.get('/api/history')).json<HistoryPage>();
  return page.items.flatMap((item) => item.versions[ratio] ?? []).find((v) => v.id === id);
}

describe('the placement of each result, with the built-in engine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ENGINE_WORKERS: '1' } });
  });
  afterAll(() => t.close());

  it('defaults to auto, and records where the original ended up and a confidence', async () => {
    const { client } = await signUpVerified(t);
    const original = await upload(t, client, await noisePhoto());
    const { accepted, done } = await predict(client, {
      upload_id: original.id,
      aspect_ratio: '16:9',
    });
    expect(accepted).toMatchObject({
      alignment: 'auto',
      offset_x: null,
      offset_y: null,
      confidence: null,
    });
    expect(done.status).toBe('succeeded');
    const canvas = computeCanvas(original.width, original.height, parseRatio('16:9'));
    expect(done.offset_x).toBeGreaterThanOrEqual(0);
    expect(done.offset_x).toBeLessThanOrEqual(canvas.width - canvas.imageWidth);
    expect(done.offset_y).toBeGreaterThanOrEqual(0);
    expect(done.offset_y).toBeLessThanOrEqual(canvas.height - canvas.imageHeight);
    expect(done.confidence).toBeGreaterThanOrEqual(0);
    expect(done.confidence).toBeLessThanOrEqual(1);
    expect(await rowsMisplaced(client, original, done)).toBe(0);

    expect(await historyVersionOf(client, '16:9', done.id)).toEqual({
      id: done.id,
      url: done.output,
      width: done.width,
      height: done.height,
      alignment: 'auto',
      offsetX: done.offset_x,
      offsetY: done.offset_y,
      confidence: done.confidence,
      framing: 'keep',
      style: 'natural',
      crop: { x: 0, y: 0, width: original.width, height: original.height },
    });
  });

  it('regenerates at the next-best placement each time, so a new version does not repeat the last', async () => {
    const { client } = await signUpVerified(t);
    const original = await upload(t, client, await noisePhoto());
    const input = { upload_id: original.id, aspect_ratio: '16:9' };
    const first = (await predict(client, input)).done;
    const second = (await predict(client, { ...input, regenerate: true })).done;
    const third = (await predict(client, { ...input, regenerate: true })).done;
    const offsets = [first, second, third].map((done) => `${done.offset_x},${done.offset_y}`);
    expect(new Set(offsets).size).toBe(3);
    for (const done of [second, third]) {
      expect(await rowsMisplaced(client, original, done)).toBe(0);
    }
  });

  it('keeps an alignment the user chose', async () => {
    const { client } = await signUpVerified(t);
    const original = await upload(t, client, await noisePhoto());
    const { done } = await predict(client, {
      upload_id: original.id,
      aspect_ratio: '16:9',
      alignment: 'bottom-right',
    });
    const canvas = computeCanvas(original.width, original.height, parseRatio('16:9'));
    expect(done).toMatchObject({
      status: 'succeeded',
      alignment: 'bottom-right',
      offset_x: canvas.width - canvas.imageWidth,
      offset_y: canvas.height - canvas.imageHeight,
    });
    expect(done.confidence).toEqual(expect.any(Number));
    expect(await rowsMisplaced(client, original, done)).toBe(0);
  });

  it("records an exact size's offset in the result's own pixels", async () => {
    const { client } = await signUpVerified(t);
    const original = await upload(t, client, await noisePhoto());
    const { done } = await predict(client, {
      upload_id: original.id,
      placement: 'meta-link-1200x628',
      alignment: 'right',
    });
    const output = resolveOutput(done.aspect_ratio)!;
    const canvas = computeCanvas(original.width, original.height, output.ratio, 'right');
    expect(done).toMatchObject({ status: 'succeeded', width: 1200, height: 628 });
    // The 1200 x 628 is the canvas scaled up: the offset scales with it.
    expect(done.offset_x).toBe(Math.round((canvas.offsetX * 1200) / canvas.width));
    expect(done.offset_y).toBe(Math.round((canvas.offsetY * 628) / canvas.height));
  });

  it('records the alignment of every prediction of a bulk run, auto when none is asked', async () => {
    const { client } = await signUpVerified(t);
    const original = await upload(t, client, await noisePhoto());
    const response = await client.post('/api/runs', {
      upload_ids: [original.id],
      outputs: [{ aspect_ratio: '1:1' }],
      // The whole photo, so every row of it is where the offset says (a trim keeps only a crop).
      framing: 'keep',
    });
    expect(response.statusCode, response.body).toBe(202);
    const [queued] = response.json<{ predictions: Prediction[] }>().predictions;
    expect(queued).toMatchObject({ alignment: 'auto', offset_x: null, confidence: null });
    const done = await pollUntilSettled(client, queued!.id);
    expect(done.offset_x).toEqual(expect.any(Number));
    expect(await rowsMisplaced(client, original, done)).toBe(0);
  });
});

describe('the placement of each result, with a hosted provider', () => {
  let fake: FakeReplicate;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeReplicate({ token: TOKEN });
    t = await createTestApp({ env: replicateEnv(fake), jobTimeoutMs: 8000 });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('centres for auto, and records no confidence', async () => {
    const { client } = await signUpVerified(t);
    const original = await upload(t, client, await noisePhoto());
    const { done } = await predict(client, { upload_id: original.id, aspect_ratio: '16:9' });
    const canvas = computeCanvas(original.width, original.height, parseRatio('16:9'));
    expect(done).toMatchObject({
      status: 'succeeded',
      provider: 'replicate',
      alignment: 'auto',
      offset_x: canvas.offsetX,
      offset_y: canvas.offsetY,
      confidence: null,
    });
    expect(await rowsMisplaced(client, original, done)).toBe(0);
  });

  it('keeps an alignment the user chose', async () => {
    const { client } = await signUpVerified(t);
    const original = await upload(t, client, await noisePhoto());
    const { done } = await predict(client, {
      upload_id: original.id,
      aspect_ratio: '9:16',
      alignment: 'top',
    });
    const canvas = computeCanvas(original.width, original.height, parseRatio('9:16'), 'top');
    expect(done).toMatchObject({
      status: 'succeeded',
      alignment: 'top',
      offset_x: canvas.offsetX,
      offset_y: 0,
      confidence: null,
    });
    expect(await rowsMisplaced(client, original, done)).toBe(0);
  });
});
