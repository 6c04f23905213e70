import { errorMessages, type Expansion, type V1Error } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { creditsOfUser, expertOwner, setCredits } from '../helpers/team';
import { photo, pngBomb } from '../resizer/images';
import { createKey, postExpansion, type ExpansionPost } from './api-client';

const errorOf = (response: { json: <T>() => T }) => response.json<V1Error>().error;

describe('POST /v1/expansions: bad input, credits, limits and retries (issue 30)', () => {
  let t: TestApp;
  let jpeg: Uint8Array;
  const image = () => ({ bytes: jpeg, filename: 'coffee.jpg', contentType: 'image/jpeg' });
  const countRows = async (table: 'upload' | 'prediction' | 'api_expansion') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        MAX_CONCURRENT_UPLOADS: '64',
        MAX_CONCURRENT_UPLOADS_PER_USER: '64',
        UPLOADS_PER_HOUR: '1000',
      },
    });
    jpeg = await photo('coffee.png', 64);
  });
  afterAll(() => t.close());

  it('applies the app upload rules: wrong type 415, truncated 400, over 10 MB or 50 MP 413', async () => {
    const owner = await expertOwner(t);
    const { secret } = await createKey(owner.client);
    const fields: ExpansionPost['fields'] = [['ratio', '1:1']];
    const before = await countRows('upload');

    const text = await postExpansion(t, secret, {
      image: { bytes: Buffer.from('hello'), filename: 'notes.txt', contentType: 'text/plain' },
      fields,
    });
    expect(text.statusCode).toBe(415);
    expect(errorOf(text)).toEqual({
      code: 'unsupported_image',
      message: errorMessages.INVALID_FILE_TYPE,
    });

    const truncated = await postExpansion(t, secret, {
      image: { ...image(), bytes: jpeg.slice(0, Math.floor(jpeg.length / 2)) },
      fields,
    });
    expect(truncated.statusCode).toBe(400);
    expect(errorOf(truncated)).toEqual({
      code: 'unsupported_image',
      message: errorMessages.UPLOAD_TRUNCATED,
    });

    const huge = await postExpansion(t, secret, {
      image: { ...image(), bytes: new Uint8Array(10 * 1024 * 1024 + 1) },
      fields,
    });
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge)).toEqual({
      code: 'image_too_large',
      message: errorMessages.UPLOAD_TOO_LARGE,
    });

    const overPixels = await postExpansion(t, secret, {
      image: { bytes: await pngBomb(), filename: 'bomb.png', contentType: 'image/png' },
      fields,
    });
    expect(overPixels.statusCode).toBe(413);
    expect(errorOf(overPixels)).toEqual({
      code: 'image_too_large',
      message: errorMessages.UPLOAD_TOO_MANY_PIXELS,
    });

    const noImage = await postExpansion(t, secret, { fields });
    expect(noImage.statusCode).toBe(400);
    expect(errorOf(noImage).code).toBe('invalid_request');
    const noOutput = await postExpansion(t, secret, { image: image() });
    expect(noOutput.statusCode).toBe(400);
    expect(errorOf(noOutput).message).toMatch(/at least one ratio, size or pack/);
    const badRatio = await postExpansion(t, secret, {
      image: image(),
      fields: [['ratio', 'wide']],
    });
    expect(badRatio.statusCode).toBe(400);

    expect(await countRows('upload')).toBe(before);
    expect(await creditsOfUser(t, owner.userId)).toBe(175);
  });

  it('takes webhook_url only as https, or http://localhost outside production', async () => {
    const owner = await expertOwner(t, 'Wendy Webhook');
    const { secret } = await createKey(owner.client);
    for (const url of ['http://example.com/hook', 'ftp://example.com/hook', 'not a url']) {
      const refused = await postExpansion(t, secret, {
        image: image(),
        fields: [
          ['ratio', '1:1'],
          ['webhook_url', url],
        ],
      });
      expect(refused.statusCode, url).toBe(400);
      expect(errorOf(refused).code).toBe('invalid_request');
    }
    expect(await countRows('api_expansion')).toBe(0);
    for (const url of ['https://hooks.example.com/reframe', 'http://localhost:4000/hook']) {
      const accepted = await postExpansion(t, secret, {
        image: image(),
        fields: [
          ['ratio', '1:1'],
          ['webhook_url', url],
        ],
      });
      expect(accepted.statusCode, accepted.body).toBe(202);
    }
  });

  it('answers a retried Idempotency-Key with the first expansion, uncharged, and 422 for another body', async () => {
    const owner = await expertOwner(t, 'Ida Idempotent');
    const { secret } = await createKey(owner.client);
    const post = {
      image: image(),
      fields: [
        ['ratio', '16:9'],
        ['size', '320x100'],
      ] as [string, string][],
      idempotencyKey: 'order-1234',
    };
    const first = await postExpansion(t, secret, post);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.headers['x-credits-charged']).toBe('2');
    const again = await postExpansion(t, secret, post);
    expect(again.statusCode).toBe(202);
    expect(again.headers['x-credits-charged']).toBe('0');
    expect(again.json<Expansion>().id).toBe(first.json<Expansion>().id);
    expect(await creditsOfUser(t, owner.userId)).toBe(173);

    const other = await postExpansion(t, secret, { ...post, fields: [['ratio', '1:1']] });
    expect(other.statusCode).toBe(422);
    expect(errorOf(other)).toEqual({
      code: 'idempotency_conflict',
      message: errorMessages.API_IDEMPOTENCY_CONFLICT,
    });
    expect(await creditsOfUser(t, owner.userId)).toBe(173);
  });

  it('charges exactly the balance across 20 parallel POSTs and refuses the rest with 402', async () => {
    const owner = await expertOwner(t, 'Paula Parallel');
    const { secret } = await createKey(owner.client);
    await setCredits(t, owner.userId, 5);
    const uploadsBefore = await countRows('upload');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        postExpansion(t, secret, { image: image(), fields: [['ratio', '1:1']] }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 202)).toHaveLength(5);
    expect(statuses.filter((status) => status === 402)).toHaveLength(15);
    for (const refused of answers.filter((answer) => answer.statusCode === 402)) {
      expect(errorOf(refused).code).toBe('insufficient_credits');
      expect(errorOf(refused).message).toBe('This run uses 1 credits; you have 0.');
    }
    expect(await creditsOfUser(t, owner.userId)).toBe(0);
    // The refused calls' photos are not kept.
    expect(await countRows('upload')).toBe(uploadsBefore + 5);
  });

  it('refuses the 61st expansion of a minute with 429 and Retry-After', async () => {
    const owner = await expertOwner(t, 'Rita Rate');
    const { secret } = await createKey(owner.client);
    // The account's keys have made their 60 expansions this minute.
    await t.database.db
      .insertInto('rate_limit')
      .values({ key: `api-expansions:${owner.userId}`, count: 60, window_started_at: Date.now() })
      .execute();
    const refused = await postExpansion(t, secret, { image: image(), fields: [['ratio', '1:1']] });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toEqual({
      code: 'rate_limited',
      message: errorMessages.API_RATE_LIMITED,
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await creditsOfUser(t, owner.userId)).toBe(175);
  });
});
