import {
  computeCanvas,
  findAspectRatio,
  parseRatio,
  type Prediction,
  type UploadResponse,
} from '@reframe/shared';
import sharp from 'sharp';
import { expect } from 'vitest';
import { signUpVerified } from '../helpers/accounts';
import { ledgerOf } from '../helpers/ledger';
import type { TestClient } from '../helpers/client';
import { waitFor } from '../helpers/poll';
import type { TestApp } from '../helpers/test-app';
import { photo } from '../resizer/images';
import {
  creditsOf,
  pathOf,
  pollUntilSettled,
  predictionBody,
  upload,
} from '../resizer/resizer-client';
import { FAKE_REPLICATE_CA_FILE, type FakeReplicate } from '../helpers/fake-replicate-server';

export const TOKEN = `r8_${'Tok3n'.repeat(8)}`;
const WEBHOOK_SECRET = `whsec_${Buffer.from('the fake replicate signing secret!').toString('base64')}`;
export const MODEL_VERSION = 'a'.repeat(64);

/** AI_PROVIDER=replicate pointed at the fake: only the base URL and the output host differ. */
export function replicateEnv(fake: FakeReplicate, extra: Record<string, string> = {}) {
  return {
    AI_PROVIDER: 'replicate',
    REPLICATE_API_TOKEN: TOKEN,
    REPLICATE_MODEL_VERSION: MODEL_VERSION,
    REPLICATE_BASE_URL: fake.baseUrl,
    REPLICATE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    REPLICATE_OUTPUT_HOSTS: fake.outputHost,
    REPLICATE_CA_FILE: FAKE_REPLICATE_CA_FILE,
    ENGINE_WORKERS: '1',
    ...extra,
  };
}

interface Run {
  client: TestClient;
  userId: string;
  original: UploadResponse;
  prediction: Prediction;
}

/** A new verified user uploads a photo and asks for one ratio; returns what the 202 said. */
export async function startRun(t: TestApp, ratio = '16:9', bytes?: Uint8Array): Promise<Run> {
  const { client } = await signUpVerified(t);
  const original = await upload(t, client, bytes ?? (await photo('chelsea.png', 96)));
  const me = (await client.get('/api/me')).json<{ user: { id: string } }>();
  const accepted = await client.post('/api/replicate', predictionBody(original.id, ratio));
  expect(accepted.statusCode, accepted.body).toBe(202);
  return { client, userId: me.user.id, original, prediction: accepted.json<Prediction>() };
}

/** How many spends and refunds the user's ledger holds. */
export async function spendsAndRefundsOf(t: TestApp, userId: string) {
  const rows = await ledgerOf(t, userId);
  return {
    spends: rows.filter((r) => r.kind === 'spend').length,
    refunds: rows.filter((r) => r.kind === 'refund').length,
  };
}

/** A failed run: its message, one credit spent and given back once, no result, no history. */
export async function expectRefunded(t: TestApp, run: Run, message: string): Promise<Prediction> {
  const done = await pollUntilSettled(run.client, run.prediction.id);
  expect(done).toMatchObject({ status: 'failed', error: message, output: null, provider: null });
  expect(await spendsAndRefundsOf(t, run.userId)).toEqual({ spends: 1, refunds: 1 });
  expect(await creditsOf(run.client)).toBe(5);
  expect((await run.client.get('/api/history')).json()).toEqual({ items: [], nextCursor: null });
  return done;
}

async function rawOf(bytes: Uint8Array | Buffer) {
  const { data, info } = await sharp(bytes)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * A succeeded run: charged once, never refunded, and the stored result is the canvas with the
 * stored original's pixels at its offset, identical. Returns the result's pixels and canvas.
 */
export async function expectSucceeded(
  t: TestApp,
  run: Run,
  madeBy: Pick<Prediction, 'provider' | 'fallback'>,
) {
  const done = await pollUntilSettled(run.client, run.prediction.id);
  expect(done).toMatchObject({ status: 'succeeded', error: null, ...madeBy });
  expect(await spendsAndRefundsOf(t, run.userId)).toEqual({ spends: 1, refunds: 0 });
  expect(await creditsOf(run.client)).toBe(4);
  const option = findAspectRatio(done.aspect_ratio)!;
  const canvas = computeCanvas(run.original.width, run.original.height, parseRatio(option.value));
  const stored = await run.client.get(pathOf(done.output!));
  expect(stored.statusCode).toBe(200);
  const result = await rawOf(stored.rawPayload);
  expect([result.width, result.height]).toEqual([canvas.width, canvas.height]);
  const original = await rawOf((await run.client.get(pathOf(run.original.url))).rawPayload);
  expect([original.width, original.height]).toEqual([canvas.imageWidth, canvas.imageHeight]);
  let differing = 0;
  for (let y = 0; y < original.height; y++) {
    const from = y * original.width * 3;
    const to = ((canvas.offsetY + y) * canvas.width + canvas.offsetX) * 3;
    const a = original.data.subarray(from, from + original.width * 3);
    const b = result.data.subarray(to, to + original.width * 3);
    if (!a.equals(b)) differing += 1;
  }
  expect(differing, 'rows of the original that differ in the result').toBe(0);
  return { done, result, canvas };
}

/** The result's new area is the fake's output scaled to the canvas (not the engine's fill). */
export async function expectFakeOutputIn(
  fake: FakeReplicate,
  remoteId: string,
  result: { data: Buffer; width: number },
  canvas: { width: number; height: number; offsetX: number; offsetY: number },
) {
  const url = fake.predictions.get(remoteId)!.output!;
  const generated = await fetchOverFakeTls(url);
  const { data } = await sharp(generated)
    .resize(canvas.width, canvas.height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // A pixel of the new area, left of the original (every ratio here pads sideways).
  const at = (canvas.offsetY + 2) * canvas.width * 3;
  const diff = [0, 1, 2].map((c) => Math.abs(data[at + c]! - result.data[at + c]!));
  expect(Math.max(...diff)).toBeLessThanOrEqual(2);
}

async function fetchOverFakeTls(url: string): Promise<Buffer> {
  const { request } = await import('node:https');
  const { readFileSync } = await import('node:fs');
  return new Promise((resolve, reject) => {
    request(url, { ca: readFileSync(FAKE_REPLICATE_CA_FILE) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks)));
    })
      .on('error', reject)
      .end();
  });
}

export function remoteIdOf(t: TestApp, predictionId: string) {
  return t.database.db
    .selectFrom('prediction')
    .select(['remote_id', 'remote_status'])
    .where('id', '=', predictionId)
    .executeTakeFirstOrThrow();
}

/** Waits (polling the database) until the job has saved its remote prediction id. */
export function waitForRemoteId(t: TestApp, predictionId: string): Promise<string> {
  return waitFor(async () => (await remoteIdOf(t, predictionId)).remote_id ?? undefined, {
    what: `prediction ${predictionId} to save its remote id`,
    timeoutMs: 15_000,
    intervalMs: 50,
  });
}
