import type { Prediction, PlanId } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFreeAccountIfMissing } from '../../src/billing/billing.repo';
import { signUpVerified } from '../helpers/accounts';
import { createHeldEngineApp, type HeldEngineApp } from '../helpers/held-engine';
import type { TestApp } from '../helpers/test-app';
import { photo } from './images';
import { pollUntilSettled, predictionBody, upload } from './resizer-client';

const cases: { plan: PlanId; atOnce: number }[] = [
  { plan: 'free', atOnce: 1 },
  { plan: 'growth', atOnce: 2 },
  { plan: 'expert', atOnce: 3 },
];

/** Issue 27: a user's ratios running at once grow with the plan (the catalogue's `processing`). */
describe.each(cases)('a $plan user', ({ plan, atOnce }) => {
  let app: HeldEngineApp;
  beforeAll(async () => {
    // More workers than any plan runs at once: only the plan holds the others back.
    app = await createHeldEngineApp(8);
  });
  afterAll(() => app.close());

  async function userOnPlan(t: TestApp) {
    const { client } = await signUpVerified(t);
    const { user } = (await client.get('/api/me')).json<{ user: { id: string } }>();
    const now = new Date();
    const periodEnd = new Date(now.getTime() + 30 * 86_400_000);
    await insertFreeAccountIfMissing(t.database.db, {
      userId: user.id,
      periodStart: now,
      periodEnd,
      now,
    });
    await t.database.db
      .updateTable('billing_account')
      .set({ plan_id: plan })
      .where('user_id', '=', user.id)
      .execute();
    return { client, userId: user.id };
  }

  it(`runs ${atOnce} of its ratios at once while one more waits, then all of them`, async () => {
    const { t, held } = app;
    const { client, userId } = await userOnPlan(t);
    const original = await upload(t, client, await photo('coffee.png', 48));
    const ratios = ['1:1', '16:9', '9:16', '4:5'].slice(0, atOnce + 1);
    const ids: string[] = [];
    for (const ratio of ratios) {
      const response = await client.post('/api/replicate', predictionBody(original.id, ratio));
      expect(response.statusCode, response.body).toBe(202);
      ids.push(response.json<Prediction>().id);
    }

    // The one over the plan's number was offered to a worker twice and put back both times,
    // while the others held their fills.
    await held.until(atOnce, 2);
    expect(held.started()).toBe(atOnce);
    const rows = await t.database.db
      .selectFrom('prediction')
      .select('status')
      .where('user_id', '=', userId)
      .execute();
    expect(rows.filter((row) => row.status === 'processing')).toHaveLength(atOnce);

    held.letGo();
    const settled = await Promise.all(ids.map((id) => pollUntilSettled(client, id, 90_000)));
    expect(settled.map((prediction) => prediction.status)).toEqual(ratios.map(() => 'succeeded'));
    expect(held.started()).toBe(atOnce + 1);
  }, 120_000);
});
