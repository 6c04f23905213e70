import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { HistoryPage, Prediction, RunResponse } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../helpers/accounts';
import type { TestClient } from '../helpers/client';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { photo, sizeOf } from './images';
import { creditsOf, pathOf, pollUntilSettled, predictionBody, upload } from './resizer-client';

async function userIdOf(client: TestClient): Promise<string> {
  return (await client.get('/api/me')).json<{ user: { id: string } }>().user.id;
}

async function onPlan(t: TestApp, client: TestClient, planId: string, credits: number) {
  const userId = await userIdOf(client);
  const now = new Date().toISOString();
  await t.database.db.deleteFrom('billing_account').where('user_id', '=', userId).execute();
  await t.database.db
    .insertInto('billing_account')
    .values({
      user_id: userId,
      plan_id: planId,
      cancel_at_period_end: 0,
      period_start: now,
      period_end: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await t.database.db
    .updateTable('user_profile')
    .set({ credits })
    .where('user_id', '=', userId)
    .execute();
  return userId;
}

async function predictionsOf(t: TestApp, userId: string) {
  return t.database.db
    .selectFrom('prediction')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
}

async function ledgerKinds(t: TestApp, userId: string) {
  const rows = await t.database.db
    .selectFrom('credit_ledger')
    .select('kind')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.kind).sort();
}

const OUTPUTS = [{ placement: 'meta-feed-1080x1080' }, { size: { width: 320, height: 100 } }];

describe('bulk runs (POST /api/runs)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ENGINE_WORKERS: '2' } });
  });
  afterAll(() => t.close());

  it('on Growth, 3 photos x 2 outputs spend 6 credits, a failed output refunds one, each at its exact size', async () => {
    const { client } = await signUpVerified(t);
    const userId = await onPlan(t, client, 'growth', 75);
    const photos = [];
    for (const name of ['coffee.png', 'chelsea.png', 'astronaut.png']) {
      photos.push(await upload(t, client, await photo(name, 64), name.replace('.png', '.jpg')));
    }
    // The third photo's stored original disappears, so both of its outputs fail.
    const broken = await t.database.db
      .selectFrom('upload')
      .select('storage_key')
      .where('id', '=', photos[2]!.id)
      .executeTakeFirstOrThrow();
    await rm(join(t.config.resizer.storage.dir, broken.storage_key));
    const response = await client.post('/api/runs', {
      upload_ids: photos.map((p) => p.id),
      outputs: OUTPUTS,
      alignment: 'left',
    });
    expect(response.statusCode, response.body).toBe(202);
    const run = response.json<RunResponse>();
    expect(run.credits).toBe(69);
    expect(run.predictions.map((p) => [p.upload_id, p.aspect_ratio, p.width, p.height])).toEqual(
      photos.flatMap((p) => [
        [p.id, 'meta-feed-1080x1080', 1080, 1080],
        [p.id, '320x100', 320, 100],
      ]),
    );
    const queued = await t.database.db
      .selectFrom('prediction')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', 'in', ['starting', 'processing'])
      .where('queued_at', 'is not', null)
      .execute();
    expect(queued.length).toBeLessThanOrEqual(3);

    const settled: Prediction[] = [];
    for (const p of run.predictions) settled.push(await pollUntilSettled(client, p.id, 60_000));
    const failed = settled.filter((p) => p.status === 'failed');
    const succeeded = settled.filter((p) => p.status === 'succeeded');
    expect(failed.map((p) => p.id)).toEqual(run.predictions.slice(4).map((p) => p.id));
    expect(succeeded).toHaveLength(4);
    expect(
      failed.every(
        (p) => p.error === 'The image could not be processed. Your credit was refunded.',
      ),
    ).toBe(true);
    expect(await creditsOf(client)).toBe(71);
    const kinds = await ledgerKinds(t, userId);
    expect(kinds.filter((k) => k === 'spend')).toHaveLength(6);
    expect(kinds.filter((k) => k === 'refund')).toHaveLength(2);
    for (const p of succeeded) {
      const file = await client.get(pathOf(p.output!));
      const size = await sizeOf(new Uint8Array(file.rawPayload));
      expect([size.width, size.height]).toEqual([p.width, p.height]);
      expect(p.alignment).toBe('left');
    }
  });

  it('records pack, size and alignment of each output in the history', async () => {
    const { client } = await signUpVerified(t);
    await onPlan(t, client, 'growth', 10);
    const one = await upload(t, client, await photo('coffee.png', 64));
    const response = await client.post('/api/runs', {
      upload_ids: [one.id],
      outputs: [{ placement: 'google-banner-1200x300' }, { aspect_ratio: '5:2' }],
      alignment: 'bottom-right',
      // The brief's canvas, the size the 202 names (Auto framing's may be smaller, issue 38).
      framing: 'keep',
    });
    expect(response.statusCode, response.body).toBe(202);
    const [, ratio] = response.json<RunResponse>().predictions;
    for (const p of response.json<RunResponse>().predictions) {
      expect((await pollUntilSettled(client, p.id)).status).toBe('succeeded');
    }
    const page = (await client.get('/api/history')).json<HistoryPage>();
    expect(page.items[0]?.outputs).toEqual({
      'google-banner-1200x300': {
        pack: 'google',
        width: 1200,
        height: 300,
        alignment: 'bottom-right',
      },
      '5:2': { pack: null, width: ratio?.width, height: ratio?.height, alignment: 'bottom-right' },
    });
  });

  it('on Free, refuses a second photo with the plan message, spending nothing', async () => {
    const { client } = await signUpVerified(t);
    const userId = await userIdOf(client);
    const a = await upload(t, client, await photo('coffee.png', 48));
    const b = await upload(t, client, await photo('chelsea.png', 48));
    const response = await client.post('/api/runs', {
      upload_ids: [a.id, b.id],
      outputs: [{ aspect_ratio: '1:1' }],
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'BULK_NOT_IN_PLAN',
      message:
        'Processing several photos in one run (Bulk Processing) is part of the Growth and Expert plans. Upgrade on Billing to use it.',
    });
    expect(await creditsOf(client)).toBe(5);
    expect(await predictionsOf(t, userId)).toEqual([]);

    const single = await client.post('/api/runs', {
      upload_ids: [a.id],
      outputs: [{ aspect_ratio: '1:1' }],
    });
    expect(single.statusCode, single.body).toBe(202);
  });

  it('refuses a run asking for more credits than the balance before anything starts', async () => {
    const { client } = await signUpVerified(t);
    const userId = await onPlan(t, client, 'growth', 5);
    const ids = [];
    for (const name of ['coffee.png', 'chelsea.png', 'astronaut.png']) {
      ids.push((await upload(t, client, await photo(name, 48))).id);
    }
    const response = await client.post('/api/runs', { upload_ids: ids, outputs: OUTPUTS });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      code: 'RUN_NOT_ENOUGH_CREDITS',
      message: 'This run uses 6 credits; you have 5.',
    });
    expect(await creditsOf(client)).toBe(5);
    expect(await predictionsOf(t, userId)).toEqual([]);
    expect(await ledgerKinds(t, userId)).not.toContain('spend');
  });

  it('enforces the 20-photo cap, ownership and valid sizes on the server', async () => {
    const { client } = await signUpVerified(t);
    const userId = await onPlan(t, client, 'expert', 175);
    const tooMany = await client.post('/api/runs', {
      upload_ids: Array.from({ length: 21 }, () => randomUUID()),
      outputs: [{ aspect_ratio: '1:1' }],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({
      code: 'BULK_TOO_MANY_PHOTOS',
      message: 'A run takes at most 20 photos',
    });

    const other = await signUpVerified(t);
    const theirs = await upload(t, other.client, await photo('coffee.png', 48));
    const mine = await upload(t, client, await photo('coffee.png', 48));
    const stolen = await client.post('/api/runs', {
      upload_ids: [mine.id, theirs.id],
      outputs: [{ aspect_ratio: '1:1' }],
    });
    expect(stolen.statusCode).toBe(404);

    const huge = await client.post('/api/runs', {
      upload_ids: [mine.id],
      outputs: [{ size: { width: 8001, height: 100 } }],
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ code: 'CUSTOM_SIZE_TOO_LARGE' });
    expect(await creditsOf(client)).toBe(175);
    expect(await predictionsOf(t, userId)).toEqual([]);
  });
});

describe('one prediction with a placement and an alignment (POST /api/replicate)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ENGINE_WORKERS: '1' } });
  });
  afterAll(() => t.close());

  it('makes the placement at its exact size with the original where asked', async () => {
    const { client } = await signUpVerified(t);
    const original = await upload(t, client, await photo('coffee.png', 64));
    const body = {
      endpoint: 'predictions',
      data: {
        input: {
          upload_id: original.id,
          placement: 'meta-link-1200x628',
          alignment: 'left',
          regenerate: false,
        },
      },
    };
    const accepted = await client.post('/api/replicate', body);
    expect(accepted.statusCode, accepted.body).toBe(202);
    expect(accepted.json<Prediction>()).toMatchObject({
      aspect_ratio: 'meta-link-1200x628',
      alignment: 'left',
      width: 1200,
      height: 628,
    });
    const done = await pollUntilSettled(client, accepted.json<Prediction>().id);
    const file = await client.get(pathOf(done.output!));
    expect(await sizeOf(new Uint8Array(file.rawPayload))).toMatchObject({
      width: 1200,
      height: 628,
      format: 'webp',
    });
  });

  it('refuses two kinds of output at once, and unknown placements, with nothing spent', async () => {
    const { client } = await signUpVerified(t);
    const original = await upload(t, client, await photo('coffee.png', 48));
    const both = predictionBody(original.id, '1:1');
    const twice = await client.post('/api/replicate', {
      ...both,
      data: { input: { ...both.data.input, placement: 'meta-feed-1080x1080' } },
    });
    expect(twice.statusCode).toBe(400);
    const unknown = await client.post('/api/replicate', {
      endpoint: 'predictions',
      data: {
        input: { upload_id: original.id, placement: 'meta-huge-9999x9999', regenerate: false },
      },
    });
    expect(unknown.statusCode).toBe(400);
    expect(await creditsOf(client)).toBe(5);
  });
});
