import { getPlan, type PaidPlanId } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStripeTestApp,
  openStripeCheckouts,
  paidSubscription,
  type StripeTestApp,
} from '../helpers/checkout';
import { TestClient } from '../helpers/client';
import { ledgerOf } from '../helpers/ledger';
import { checkoutCompleted, invoicePaid } from '../helpers/stripe-events';
import { usageStats } from './billing-helpers';

/**
 * Issue 39, item 1, with Stripe: two Checkout Sessions of one Free user both complete. The
 * subscription Stripe created last replaces the other, which is cancelled with Stripe; each paid
 * invoice tops the credits up once.
 */
let t: StripeTestApp;

beforeAll(async () => {
  t = await createStripeTestApp();
});
afterAll(() => t.close());

/** A verified Free user with two open Checkout Sessions, Growth then Expert. */
const userWithTwoCheckouts = () => openStripeCheckouts(t, ['growth', 'expert']);

/** What Stripe holds once a session is paid: an active subscription and its paid invoice. */
function paidSession(
  user: { userId: string; customer: string },
  planId: PaidPlanId,
  createdAt: Date,
) {
  const id = `sub_${planId}_${user.userId}`;
  const invoice = `in_${planId}_${user.userId}`;
  paidSubscription(t, {
    id,
    customer: user.customer,
    planId,
    start: createdAt,
    createdAt,
    userId: user.userId,
    latestInvoice: {
      id: invoice,
      status: 'paid',
      lines: [{ priceId: t.priceIds[planId], amount: getPlan(planId).price * 100 }],
    },
  });
  const events = [
    checkoutCompleted({ customer: user.customer, subscription: id, userId: user.userId }),
    invoicePaid({ id: invoice, customer: user.customer, subscription: id }),
  ];
  return { id, invoice, events };
}

/** One live subscription at Stripe, the one recorded, and each invoice granted at most once. */
async function expectOneSubscription(client: TestClient, userId: string, customer: string) {
  expect((await new TestClient(t.app).get('/api/health')).statusCode).toBe(200);
  const live = [...t.stripe.subscriptions.values()].filter(
    (s) => s.customer === customer && s.status === 'active',
  );
  expect(live).toHaveLength(1);
  const account = await t.database.db
    .selectFrom('billing_account')
    .select(['plan_id', 'subscription_id'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  expect(account.subscription_id).toBe(live[0]?.id);
  const stats = await usageStats(client);
  const ledger = await ledgerOf(t, userId);
  const keys = ledger.map((row) => row.idempotency_key);
  expect(new Set(keys).size).toBe(keys.length);
  expect(stats.remainingCredits).toBe(ledger.reduce((sum, row) => sum + row.delta, 0));
  return { plan: account.plan_id, stats, ledger };
}

const cancelled = (id: string) =>
  t.stripe.requests.filter((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${id}`);

describe('a second Stripe checkout', () => {
  it('completed after the first replaces it: the first is cancelled with Stripe', async () => {
    const user = await userWithTwoCheckouts();
    const start = t.clock.now();
    const growth = paidSession(user, 'growth', start);
    await t.deliverAll(growth.events);
    expect(await usageStats(user.client)).toMatchObject({
      currentPlan: 'growth',
      remainingCredits: 75,
    });

    const expert = paidSession(user, 'expert', new Date(start.getTime() + 60_000));
    await t.deliverAll(expert.events);
    const { plan, stats, ledger } = await expectOneSubscription(
      user.client,
      user.userId,
      user.customer,
    );
    expect(plan).toBe('expert');
    expect(stats).toMatchObject({ currentPlan: 'expert', subscriptionStatus: 'active' });
    expect(t.stripe.subscriptions.get(growth.id)?.status).toBe('canceled');
    expect(cancelled(growth.id)).toHaveLength(1);
    expect(ledger.map((row) => [row.kind, row.delta, row.idempotency_key])).toEqual([
      ['grant', 5, expect.any(String)],
      ['purchase', 70, `invoice:${growth.invoice}:growth`],
      ['purchase', 100, `invoice:${expert.invoice}:expert`],
    ]);
  });

  it('completed at the same time as the first keeps the one Stripe created last', async () => {
    const user = await userWithTwoCheckouts();
    const start = t.clock.now();
    const growth = paidSession(user, 'growth', start);
    const expert = paidSession(user, 'expert', new Date(start.getTime() + 1000));
    await Promise.all([t.deliverAll(growth.events), t.deliverAll(expert.events)]);
    const { plan, stats } = await expectOneSubscription(user.client, user.userId, user.customer);
    expect(plan).toBe('expert');
    expect(stats.remainingCredits).toBe(getPlan('expert').credits);
    expect(t.stripe.subscriptions.get(growth.id)?.status).toBe('canceled');
  });

  it('whose events arrive after the newer one grants nothing and is cancelled', async () => {
    const user = await userWithTwoCheckouts();
    const start = t.clock.now();
    const growth = paidSession(user, 'growth', start);
    const expert = paidSession(user, 'expert', new Date(start.getTime() + 60_000));
    await t.deliverAll(expert.events);
    await t.deliverAll(growth.events);
    const { plan, ledger } = await expectOneSubscription(user.client, user.userId, user.customer);
    expect(plan).toBe('expert');
    expect(t.stripe.subscriptions.get(growth.id)?.status).toBe('canceled');
    expect(ledger.map((row) => [row.kind, row.delta])).toEqual([
      ['grant', 5],
      ['purchase', 170],
    ]);
  });

  it('cancels the replaced subscription when Stripe retries after a failed cancellation', async () => {
    const user = await userWithTwoCheckouts();
    const start = t.clock.now();
    const growth = paidSession(user, 'growth', start);
    await t.deliverAll(growth.events);
    const expert = paidSession(user, 'expert', new Date(start.getTime() + 60_000));
    t.stripe.failCancel.add(growth.id);
    const [completed] = expert.events;
    if (!completed) throw new Error('no event');
    const failed = await t.deliver(completed);
    expect(failed.statusCode).toBe(500);
    expect(t.stripe.subscriptions.get(growth.id)?.status).toBe('active');

    t.stripe.failCancel.delete(growth.id);
    await t.deliverAll(expert.events);
    const { plan } = await expectOneSubscription(user.client, user.userId, user.customer);
    expect(plan).toBe('expert');
    expect(t.stripe.subscriptions.get(growth.id)?.status).toBe('canceled');
  });
});
