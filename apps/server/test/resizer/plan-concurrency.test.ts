import { createEnginePool, type EnginePool } from '@reframe/engine';
import type { Prediction, PlanId } from '@reframe/shared';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFreeAccountIfMissing } from '../../src/billing/billing.repo';
import { signUpVerified } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { photo } from './images';
import { pollUntilSettled, predictionBody, upload } from './resizer-client';

/** Resolves once `ready()` holds, re-checked each time `changed` is called. */
function waiter() {
  const waits: { ready: () => boolean; resolve: () => void }[] = [];
  return {
    until(ready: () => boolean): Promise<void> {
      if (ready()) return Promise.resolve();
      return new Promise((resolve) => waits.push({ ready, resolve }));
    },
    changed() {
      for (const wait of waits.splice(0)) {
        if (wait.ready()) wait.resolve();
        else waits.push(wait);
      }
    },
  };
}

/**
 * An engine that holds every fill at its start until the test lets them all go, counting the
 * fills that have started; and a logger that counts the jobs put back because their owner had
 * as many running as their plan allows.
 */
function heldEngineAndLog() {
  const pool = createEnginePool({ size: 2 });
  const changes = waiter();
  let started = 0;
  let putBack = 0;
  let letGo = () => {};
  const released = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  const engine: EnginePool = {
    ...pool,
    outpaint: async (request, options) => {
      started += 1;
      changes.changed();
      await released;
      return pool.outpaint(request, options);
    },
  };
  const logger = pino(
    { level: 'debug' },
    {
      write(line: string) {
        if ((JSON.parse(line) as { msg?: string }).msg?.startsWith('prediction put back')) {
          putBack += 1;
          changes.changed();
        }
      },
    },
  );
  return {
    engine,
    logger,
    started: () => started,
    /**
     * Waits until `fills` have started and the others were put back `timesPutBack` times; or,
     * for the test to say what went wrong, until more have started, or jobs were put back many
     * times (10 s of retries) with fewer started.
     */
    until: (fills: number, timesPutBack: number) =>
      changes.until(
        () => (started >= fills && putBack >= timesPutBack) || started > fills || putBack >= 20,
      ),
    letGo,
  };
}

const cases: { plan: PlanId; atOnce: number }[] = [
  { plan: 'free', atOnce: 1 },
  { plan: 'growth', atOnce: 2 },
  { plan: 'expert', atOnce: 3 },
];

/** Issue 27: a user's ratios running at once grow with the plan (the catalogue's `processing`). */
describe.each(cases)('a $plan user', ({ plan, atOnce }) => {
  const held = heldEngineAndLog();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { MAX_ACTIVE_JOBS_PER_USER: '10' },
      logger: held.logger,
      // More workers than any plan runs at once: only the plan holds the others back.
      jobWorkers: 8,
      resizer: { engine: held.engine },
    });
  });
  afterAll(async () => {
    held.letGo();
    await t.close();
  });

  async function userOnPlan() {
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
    const { client, userId } = await userOnPlan();
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
