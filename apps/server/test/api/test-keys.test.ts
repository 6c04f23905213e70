import { errorMessages, type ApiAccount, type Expansion, type V1Error } from '@reframe/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { creditsOfUser, expertOwner } from '../helpers/team';
import { createKey, pollExpansion, postExpansion, v1 } from './api-client';

/** A flat mid-grey photo: extended, it stays grey, so anything drawn on it shows by pixels. */
async function greyPhoto(): Promise<Uint8Array> {
  const image = sharp({
    create: { width: 96, height: 96, channels: 3, background: { r: 128, g: 128, b: 128 } },
  });
  return new Uint8Array(await image.png().toBuffer());
}

/** The share of a PNG's pixels more than 60 levels away from mid-grey in some channel. */
async function shareOffGrey(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let off = 0;
  for (let at = 0; at < data.length; at += info.channels) {
    if ([0, 1, 2].some((channel) => Math.abs((data[at + channel] ?? 0) - 128) > 60)) off += 1;
  }
  return off / (info.width * info.height);
}

describe('test keys (issue 30)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ENGINE_WORKERS: '2', JOB_TIMEOUT_SECONDS: '600' } });
  });
  afterAll(() => t.close());

  async function expandGrey(secret: string): Promise<{ expansion: Expansion; png: Buffer }> {
    const posted = await postExpansion(t, secret, {
      image: { bytes: await greyPhoto(), filename: 'grey.png', contentType: 'image/png' },
      fields: [['ratio', '16:9']],
    });
    expect(posted.statusCode, posted.body).toBe(202);
    const expansion = await pollExpansion(t, secret, posted.json<Expansion>().id);
    const url = new URL(expansion.outputs[0]?.url ?? '');
    const file = await v1(t, 'GET', url.pathname);
    expect(file.statusCode).toBe(200);
    return { expansion, png: file.rawPayload };
  }

  it(
    'spends nothing and watermarks its results; a live key of the same photo has no mark',
    { timeout: 300_000 },
    async () => {
      const owner = await expertOwner(t);
      const test = await createKey(owner.client, 'test', 'Sandbox');
      const live = await createKey(owner.client, 'live', 'Production');

      const sandboxed = await expandGrey(test.secret);
      expect(sandboxed.expansion).toMatchObject({
        test: true,
        status: 'succeeded',
        credits_charged: 0,
      });
      expect(await creditsOfUser(t, owner.userId)).toBe(175);
      const real = await expandGrey(live.secret);
      expect(real.expansion).toMatchObject({ test: false, credits_charged: 1 });

      expect(await shareOffGrey(sandboxed.png)).toBeGreaterThan(0.02);
      expect(await shareOffGrey(real.png)).toBeLessThan(0.001);
      // History's own copy, not only the download, carries it.
      const stored = await t.database.db
        .selectFrom('prediction')
        .select(['output_key', 'watermark'])
        .where('run_id', 'is not', null)
        .orderBy('created_at', 'asc')
        .execute();
      expect(stored.map((row) => Number(row.watermark))).toEqual([1, 0]);
    },
  );

  it('makes 50 expansions a day (UTC), then answers 429 until midnight; polling is free', async () => {
    const owner = await expertOwner(t, 'Dana Daily');
    const { key, secret } = await createKey(owner.client, 'test');
    const post = () =>
      postExpansion(t, secret, {
        image: { bytes: Buffer.from('not an image'), filename: 'x.txt', contentType: 'text/plain' },
        fields: [['ratio', '1:1']],
      });
    const left = async () =>
      (await v1(t, 'GET', '/v1/account', { secret })).json<ApiAccount>().rate_limit
        .test_calls_left_today;
    expect(await left()).toBe(50);
    expect((await post()).statusCode).toBe(415);
    expect(await left()).toBe(49);
    // The key has made its 50 calls today.
    await t.database.db
      .updateTable('rate_limit')
      .set({ count: 50 })
      .where('key', 'like', `api-test-calls:${key.id}:%`)
      .execute();
    const refused = await post();
    expect(refused.statusCode).toBe(429);
    expect(refused.json<V1Error>().error).toEqual({
      code: 'test_key_daily_limit',
      message: errorMessages.API_TEST_KEY_DAILY_LIMIT,
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    expect(await left()).toBe(0);
    expect((await v1(t, 'GET', '/v1/account', { secret })).statusCode).toBe(200);
  });
});
