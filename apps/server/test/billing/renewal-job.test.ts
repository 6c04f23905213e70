import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdjustableClock } from '../../src/platform/clock/clock';
import { createRenewalJob } from '../../src/billing/renewal.jobs';
import { signUpVerified } from '../helpers/accounts';
import { ledgerOf } from '../helpers/ledger';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { spendCredits, usageStats, userIdOf } from './billing-helpers';

const day = 24 * 60 * 60_000;
let t: TestApp;
const clock = new AdjustableClock();

beforeAll(async () => {
  t = await createTestApp({ billing: { clock } });
});
afterAll(() => t.close());

describe('PlanRenew', () => {
  it('tops the free tier back up to 5 on the renewal date and resets operationsThisMonth', async () => {
    const { client, email } = await signUpVerified(t);
    const userId = await userIdOf(t, email);
    await spendCredits(t, { userId, count: 3, prefix: 'renewal-spend', now: clock.now() });
    await t.database.db
      .updateTable('user_profile')
      .set({ operations_this_month: 3 })
      .where('user_id', '=', userId)
      .execute();
    const before = await usageStats(client);
    const job = createRenewalJob({ db: t.database.db, clock, log: pino({ level: 'silent' }) });

    expect(await job.handlePlanRenew()).toMatchObject({ status: 'succeeded' });
    expect((await usageStats(client)).remainingCredits).toBe(2);

    clock.advance(32 * day);
    const [first, second] = await Promise.all([job.handlePlanRenew(), job.handlePlanRenew()]);
    expect([first.status, second.status].sort()).toEqual(['skipped', 'succeeded']);
    await job.handlePlanRenew();
    const after = await usageStats(client);
    expect(after).toMatchObject({
      remainingCredits: 5,
      operationsThisMonth: 0,
      currentPlan: 'free',
    });
    expect(Date.parse(after.renewalDate ?? '')).toBeGreaterThan(
      Date.parse(before.renewalDate ?? ''),
    );
    const renewals = (await ledgerOf(t, userId)).filter((row) => row.kind === 'renewal');
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({ delta: 3, balance_after: 5 });
  });

  it('never runs twice at once across two instances', async () => {
    const log = pino({ level: 'silent' });
    const instances = [1, 2, 3].map(() => createRenewalJob({ db: t.database.db, clock, log }));
    const results = await Promise.all(instances.map((job) => job.handlePlanRenew()));
    expect(results.filter((r) => r.status === 'succeeded')).toHaveLength(1);
  });

  it('creates the billing account of a user who never opened Billing', async () => {
    const { email } = await signUpVerified(t);
    const userId = await userIdOf(t, email);
    const job = createRenewalJob({ db: t.database.db, clock, log: pino({ level: 'silent' }) });
    await job.handlePlanRenew();
    const account = await t.database.db
      .selectFrom('billing_account')
      .select('plan_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    expect(account).toEqual({ plan_id: 'free' });
  });

  it('stops paging before its lease runs out, and the next run finishes the work', async () => {
    const userIds = await Promise.all(
      [1, 2, 3].map(async () => userIdOf(t, (await signUpVerified(t)).email)),
    );
    let calls = 0;
    // A database so slow that five minutes pass between two looks at the clock.
    const slowClock = { now: () => new Date(clock.now().getTime() + 5 * 60_000 * calls++) };
    const job = createRenewalJob({
      db: t.database.db,
      clock: slowClock,
      log: pino({ level: 'silent' }),
      pageSize: 1,
    });
    const first = await job.handlePlanRenew();
    expect(first).toMatchObject({ status: 'succeeded' });
    expect(first.status === 'succeeded' && first.accountsCreated).toBeLessThan(3);

    for (let run = 0; run < 3; run += 1) await job.handlePlanRenew();
    const accounts = await t.database.db
      .selectFrom('billing_account')
      .select('user_id')
      .where('user_id', 'in', userIds)
      .execute();
    expect(accounts).toHaveLength(3);
  });
});
