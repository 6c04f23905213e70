import {
  errorMessages,
  type Crop,
  type HistoryPage,
  type Prediction,
  type UploadResponse,
} from '@reframe/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../helpers/accounts';
import type { TestClient } from '../helpers/client';
import { startFakeReplicate, type FakeReplicate } from '../helpers/fake-replicate-server';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { replicateEnv, TOKEN } from '../replicate/replicate-harness';
import { photo } from './images';
import { creditsOf, pathOf, pollUntilSettled, upload } from './resizer-client';

async function rawOf(bytes: Uint8Array) {
  const { data, info } = await sharp(bytes)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Rows of the kept part of the original not found bit for bit at the offset on the result. */
async function keptRowsMisplaced(client: TestClient, original: UploadResponse, done: Prediction) {
  const source = await rawOf((await client.get(pathOf(original.url))).rawPayload);
  const result = await rawOf((await client.get(pathOf(done.output!))).rawPayload);
  const crop: Crop = done.crop!;
  let misplaced = 0;
  for (let y = 0; y < crop.height; y++) {
    const from = ((crop.y + y) * source.width + crop.x) * 3;
    const to = ((done.offset_y! + y) * result.width + done.offset_x!) * 3;
    const kept = source.data.subarray(from, from + crop.width * 3);
    if (!kept.equals(result.data.subarray(to, to + crop.width * 3))) misplaced += 1;
  }
  return misplaced;
}

function predict(client: TestClient, input: Record<string, unknown>) {
  return client.post('/api/replicate', {
    endpoint: 'predictions',
    data: { input: { regenerate: false, ...input } },
  });
}

describe('framing with the built-in engine (issue 38)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ENGINE_WORKERS: '1' } });
  });
  afterAll(() => t.close());

  it('trims with "trim" for one credit: the result is the canvas it made, the kept part bit for bit', async () => {
    const { client } = await signUpVerified(t);
    const original = await upload(t, client, await photo('chelsea.png', 96, 'png'));
    const accepted = await predict(client, {
      upload_id: original.id,
      aspect_ratio: '9:16',
      framing: 'trim',
    });
    expect(accepted.statusCode, accepted.body).toBe(202);
    expect(accepted.json<Prediction>()).toMatchObject({ framing: 'trim', crop: null });
    const done = await pollUntilSettled(client, accepted.json<Prediction>().id);
    expect(done.status, done.error ?? '').toBe('succeeded');
    expect(await creditsOf(client)).toBe(4);
    expect(done.crop!.width).toBeLessThan(original.width);
    expect(done.crop!.height).toBe(original.height);
    const file = await rawOf((await client.get(pathOf(done.output!))).rawPayload);
    expect([file.width, file.height]).toEqual([done.width, done.height]);
    expect(await keptRowsMisplaced(client, original, done)).toBe(0);

    // History carries the crop, and the original's size in the pixels the crop is in.
    const [item] = (await client.get('/api/history')).json<HistoryPage>().items;
    expect(item?.originalSize).toEqual({ width: original.width, height: original.height });
    expect(item?.versions['9:16']).toEqual([
      expect.objectContaining({ id: done.id, framing: 'trim', crop: done.crop }),
    ]);
  });

  it('defaults to Auto framing, and an exact size stays exact', async () => {
    const { client } = await signUpVerified(t);
    const original = await upload(t, client, await photo('chelsea.png', 96, 'png'));
    const accepted = await predict(client, {
      upload_id: original.id,
      size: { width: 300, height: 500 },
    });
    expect(accepted.statusCode, accepted.body).toBe(202);
    const done = await pollUntilSettled(client, accepted.json<Prediction>().id);
    expect(done).toMatchObject({ status: 'succeeded', framing: 'auto', style: 'natural' });
    expect([done.width, done.height]).toEqual([300, 500]);
    const file = await rawOf((await client.get(pathOf(done.output!))).rawPayload);
    expect([file.width, file.height]).toEqual([300, 500]);
  });
});

describe('framing with a hosted model (issue 38)', () => {
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

  it('refuses a trim it cannot make, saying why, and charges nothing', async () => {
    const { client } = await signUpVerified(t);
    const original = await upload(t, client, await photo('chelsea.png', 64));
    const refused = await predict(client, {
      upload_id: original.id,
      aspect_ratio: '16:9',
      framing: 'trim',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'FRAMING_NEEDS_ENGINE',
      message: errorMessages.FRAMING_NEEDS_ENGINE,
    });
    expect(await creditsOf(client)).toBe(5);
    const run = await client.post('/api/runs', {
      upload_ids: [original.id],
      outputs: [{ aspect_ratio: '1:1' }],
      framing: 'trim_more',
    });
    expect(run.statusCode).toBe(400);
    expect(await creditsOf(client)).toBe(5);
  });
});
