import {
  errorMessages,
  TEST_KEY_CALLS_PER_DAY,
  TEST_KEY_OUTPUTS_PER_CALL,
  TEST_KEYS_PER_ACCOUNT,
  type ApiAccount,
  type Expansion,
  type V1Error,
} from '@reframe/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { creditsOfUser, expertOwner } from '../helpers/team';
import { createKey, pollExpansion, postExpansion, v1 } from './api-client';

/** A flat mid-grey photo: extended, it stays grey, so anything drawn on it shows by pixels. */
async function greyPhoto(): Promise<Uint8Array> {
  const image = sharp({
    create: { width: 160, height: 160, channels: 3, background: { r: 128, g: 128, b: 128 } },
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

      const marked = await shareOffGrey(sandboxed.png);
      const plain = await shareOffGrey(real.png);
      expect(marked).toBeGreaterThan(0.002);
      expect(plain, `${plain} of the live result is off grey`).toBeLessThan(marked / 10);
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
    const { secret } = await createKey(owner.client, 'test');
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
      .where('key', 'like', `api-test-calls:${owner.userId}:%`)
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

  it(`counts a day's calls per account: a second test key shares the first one's ${TEST_KEY_CALLS_PER_DAY}`, async () => {
    const owner = await expertOwner(t, 'Sam Shared');
    const first = await createKey(owner.client, 'test', 'One');
    const second = await createKey(owner.client, 'test', 'Two');
    await t.database.db
      .insertInto('rate_limit')
      .values({
        key: `api-test-calls:${owner.userId}:${new Date().toISOString().slice(0, 10)}`,
        count: TEST_KEY_CALLS_PER_DAY,
        window_started_at: Date.now(),
      })
      .execute();
    for (const { secret } of [first, second]) {
      const refused = await postExpansion(t, secret, {
        image: { bytes: await greyPhoto(), filename: 'grey.png', contentType: 'image/png' },
        fields: [['ratio', '1:1']],
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json<V1Error>().error.code).toBe('test_key_daily_limit');
    }
  });

  it('counts the per-minute limit per account, not per key', async () => {
    const owner = await expertOwner(t, 'Min Ute');
    const second = await createKey(owner.client, 'live', 'Second');
    await t.database.db
      .insertInto('rate_limit')
      .values({ key: `api-expansions:${owner.userId}`, count: 60, window_started_at: Date.now() })
      .execute();
    const refused = await postExpansion(t, second.secret, {
      image: { bytes: await greyPhoto(), filename: 'grey.png', contentType: 'image/png' },
      fields: [['ratio', '1:1']],
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<V1Error>().error.code).toBe('rate_limited');
    expect(await creditsOfUser(t, owner.userId)).toBe(175);
  });

  it(`makes at most ${TEST_KEYS_PER_ACCOUNT} test keys an account; revoking one makes room`, async () => {
    const owner = await expertOwner(t, 'Kai Keys');
    const made = [];
    for (let i = 0; i < TEST_KEYS_PER_ACCOUNT; i += 1) {
      made.push(await createKey(owner.client, 'test', `Sandbox ${i}`));
    }
    const refused = await owner.client.post('/api/api-keys', { name: 'One more', mode: 'test' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'API_TEST_KEYS_LIMIT',
      message: errorMessages.API_TEST_KEYS_LIMIT,
    });
    await createKey(owner.client, 'live', 'Live keys do not count');
    expect((await owner.client.delete(`/api/api-keys/${made[0]!.key.id}`)).statusCode).toBe(204);
    await createKey(owner.client, 'test', 'In its place');
  });

  it(`takes at most ${TEST_KEY_OUTPUTS_PER_CALL} outputs in a test call, and records nothing past it`, async () => {
    const owner = await expertOwner(t, 'Otto Outputs');
    const { secret } = await createKey(owner.client, 'test');
    const ratios = ['1:1', '16:9', '9:16', '4:5', '4:3', '3:2', '2:3', '21:9'];
    const refused = await postExpansion(t, secret, {
      image: { bytes: await greyPhoto(), filename: 'grey.png', contentType: 'image/png' },
      fields: ratios
        .slice(0, TEST_KEY_OUTPUTS_PER_CALL + 1)
        .map((r) => ['ratio', r] as [string, string]),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<V1Error>().error).toEqual({
      code: 'invalid_request',
      message: errorMessages.API_TEST_KEY_OUTPUTS_LIMIT,
    });
    const uploads = await t.database.db
      .selectFrom('upload')
      .select('id')
      .where('user_id', '=', owner.userId)
      .execute();
    expect(uploads).toEqual([]);
  });
});
