import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Prediction } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failAndRefund } from '../../src/resizer/predictions/prediction-settlement';
import { signUpVerified } from '../helpers/accounts';
import { ledgerOf } from '../helpers/ledger';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { photo } from './images';
import { creditsOf, pollUntilSettled, predictionBody, upload } from './resizer-client';

describe('credits of predictions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ENGINE_WORKERS: '2' } });
  });
  afterAll(() => t.close());

  it('accepts exactly one of 20 concurrent predictions when one credit is left', async () => {
    const { client } = await signUpVerified(t);
    const original = await upload(t, client, await photo('coffee.png', 48));
    const me = (await client.get('/api/me')).json<{ user: { id: string } }>();
    await t.database.db
      .updateTable('user_profile')
      .set({ credits: 1 })
      .where('user_id', '=', me.user.id)
      .execute();

    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.post('/api/replicate', predictionBody(original.id, '1:1')),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([202, ...Array<number>(19).fill(402)]);
    const refused = responses.find((r) => r.statusCode === 402)!;
    expect(refused.json()).toEqual({
      code: 'NO_CREDITS',
      message: 'You have no remaining credits. Please upgrade your plan to continue.',
    });
    expect(await creditsOf(client)).toBe(0);
    const rows = await t.database.db
      .selectFrom('prediction')
      .select('id')
      .where('user_id', '=', me.user.id)
      .execute();
    expect(rows).toHaveLength(1);

    const accepted = responses.find((r) => r.statusCode === 202)!.json<Prediction>();
    expect((await pollUntilSettled(client, accepted.id)).status).toBe('succeeded');
    expect(await creditsOf(client)).toBe(0);
  });

  it('refunds a failed job exactly once, however often it is settled', async () => {
    const { client } = await signUpVerified(t);
    const original = await upload(t, client, await photo('coffee.png', 48));
    const me = (await client.get('/api/me')).json<{ user: { id: string } }>();
    // The stored original disappears, so the job cannot run.
    await rm(join(t.config.resizer.storage.dir, 'users', me.user.id, 'original'), {
      recursive: true,
    });

    const accepted = await client.post('/api/replicate', predictionBody(original.id, '16:9'));
    expect(accepted.statusCode).toBe(202);
    const done = await pollUntilSettled(client, accepted.json<Prediction>().id);
    expect(done).toMatchObject({
      status: 'failed',
      output: null,
      error: 'The image could not be processed. Your credit was refunded.',
    });
    expect(await creditsOf(client)).toBe(5);

    const row = await t.database.db
      .selectFrom('prediction')
      .selectAll()
      .where('id', '=', done.id)
      .executeTakeFirstOrThrow();
    expect(await failAndRefund(t.database.db, row, 'again')).toBe(false);
    expect(await creditsOf(client)).toBe(5);
    const ledger = await ledgerOf(t, me.user.id);
    expect(ledger.filter((e) => e.kind !== 'grant')).toMatchObject([
      { kind: 'spend', delta: -1, idempotency_key: `prediction:${done.id}` },
      { kind: 'refund', delta: 1, idempotency_key: `refund:prediction:${done.id}` },
    ]);
    expect((await client.get('/api/history')).json()).toEqual({ items: [], nextCursor: null });
  });
});
