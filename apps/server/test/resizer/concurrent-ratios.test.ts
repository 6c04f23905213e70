import type { Prediction, SiteConfig } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { signUpVerified } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { photo } from './images';
import { creditsOf, pollUntilSettled, predictionBody, upload } from './resizer-client';

/** Issue 17: with the built-in engine the resizer submits every selected ratio at once. */
describe('every selected ratio at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ENGINE_WORKERS: '2', MAX_ACTIVE_JOBS_PER_USER: '5' } });
  });
  afterAll(() => t.close());

  it('tells the web app it runs the built-in engine and how many jobs a user may have', async () => {
    const response = await new TestClient(t.app).get('/api/site-config');
    expect(response.statusCode).toBe(200);
    expect(response.json<SiteConfig>()).toMatchObject({
      aiProvider: 'engine',
      maxActiveJobsPerUser: 5,
    });
  });

  it('charges exactly the ratios that run when more are fired at once than credits are left', async () => {
    const { client } = await signUpVerified(t);
    const original = await upload(t, client, await photo('coffee.png', 48));
    const me = (await client.get('/api/me')).json<{ user: { id: string } }>();
    await t.database.db
      .updateTable('user_profile')
      .set({ credits: 3 })
      .where('user_id', '=', me.user.id)
      .execute();

    const ratios = ['1:1', '16:9', '9:16', '21:9', '4:5'];
    const responses = await Promise.all(
      ratios.map((ratio) => client.post('/api/replicate', predictionBody(original.id, ratio))),
    );

    const accepted = responses.filter((r) => r.statusCode === 202).map((r) => r.json<Prediction>());
    const refused = responses.filter((r) => r.statusCode !== 202);
    expect(accepted).toHaveLength(3);
    expect(refused.map((r) => r.statusCode)).toEqual([402, 402]);
    for (const response of refused) {
      expect(response.json()).toEqual({
        code: 'NO_CREDITS',
        message: 'You have no remaining credits. Please upgrade your plan to continue.',
      });
    }

    const settled = await Promise.all(accepted.map((p) => pollUntilSettled(client, p.id)));
    expect(settled.map((p) => p.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(settled.map((p) => p.aspect_ratio).sort()).toEqual(
      accepted.map((p) => p.aspect_ratio).sort(),
    );

    const ledger = await t.database.db
      .selectFrom('credit_ledger')
      .select(['kind', 'delta', 'idempotency_key'])
      .where('user_id', '=', me.user.id)
      .where('kind', 'in', ['spend', 'refund'])
      .execute();
    expect(ledger.map((row) => row.idempotency_key).sort()).toEqual(
      accepted.map((p) => `prediction:${p.id}`).sort(),
    );
    expect(ledger.every((row) => row.kind === 'spend' && Number(row.delta) === -1)).toBe(true);
    const rows = await t.database.db
      .selectFrom('prediction')
      .select('id')
      .where('user_id', '=', me.user.id)
      .execute();
    expect(rows.map((row) => row.id).sort()).toEqual(accepted.map((p) => p.id).sort());
    expect(await creditsOf(client)).toBe(0);
  });
});
