import { getPlan, type PaidPlanId } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../helpers/accounts';
import { TestClient } from '../helpers/client';
import { ledgerOf } from '../helpers/ledger';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { callable, pathOf, usageStats, userIdOf } from './billing-helpers';

/**
 * Issue 39, item 1: a Free user opens two test-mode checkouts, then pays both. The one paid last
 * replaces the first: one active subscription, on its plan; the first is cancelled; each paid
 * invoice tops the credits up once. On SQLite the second payment used to hang the server.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function planOfPrice(priceId: string): PaidPlanId {
  const planId = priceId.replace(/^price_test_/, '');
  if (planId !== 'starter' && planId !== 'growth' && planId !== 'expert') {
    throw new Error(`unknown price ${priceId}`);
  }
  return planId;
}

async function openCheckout(client: TestClient, planId: PaidPlanId) {
  const { status, body } = await callable(client, 'createCheckoutSession', { planId });
  expect(status).toBe(200);
  return pathOf((body.data as { url: string }).url);
}

async function pay(client: TestClient, checkout: string) {
  const response = await client.post(`${checkout}/pay`);
  expect(response.statusCode).toBe(303);
}

/**
 * The user's subscriptions as the test-mode provider holds them, oldest first: by creation time,
 * then, for two made in the same millisecond, by id (fulfilment's tie-break).
 */
async function providerSubscriptions(userId: string) {
  const rows = await t.database.db
    .selectFrom('test_payment_object')
    .select('data')
    .where('kind', '=', 'subscription')
    .execute();
  return rows
    .map(
      (row) =>
        JSON.parse(row.data) as {
          id: string;
          status: string;
          created: number;
          metadata: { userId: string };
          items: { data: [{ price: { id: string } }] };
        },
    )
    .filter((s) => s.metadata.userId === userId)
    .sort((a, b) => a.created - b.created || (a.id < b.id ? -1 : 1))
    .map((s) => ({ id: s.id, status: s.status, planId: planOfPrice(s.items.data[0].price.id) }));
}

/** The ledger key of every invoice the provider holds for these subscriptions. */
async function invoiceKeys(subscriptions: { id: string; planId: PaidPlanId }[]) {
  const rows = await t.database.db
    .selectFrom('test_payment_object')
    .select('data')
    .where('kind', '=', 'invoice')
    .execute();
  const planOf = new Map(subscriptions.map((s) => [s.id, s.planId]));
  return new Set(
    rows
      .map(
        (row) =>
          JSON.parse(row.data) as {
            id: string;
            parent: { subscription_details: { subscription: string } };
          },
      )
      .flatMap((invoice) => {
        const planId = planOf.get(invoice.parent.subscription_details.subscription);
        return planId ? [`invoice:${invoice.id}:${planId}`] : [];
      }),
  );
}

async function accountOf(userId: string) {
  return t.database.db
    .selectFrom('billing_account')
    .select(['plan_id', 'subscription_id'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** What must hold after any two payments: one live subscription, recorded, credits once each. */
async function expectOneSubscription(client: TestClient, userId: string) {
  expect((await new TestClient(t.app).get('/api/health')).statusCode).toBe(200);
  const subscriptions = await providerSubscriptions(userId);
  expect(subscriptions).toHaveLength(2);
  const active = subscriptions.filter((s) => s.status === 'active');
  expect(active).toHaveLength(1);
  const [live] = active;
  if (!live) throw new Error('no active subscription');
  expect(await accountOf(userId)).toEqual({ plan_id: live.planId, subscription_id: live.id });
  const stats = await usageStats(client);
  expect(stats).toMatchObject({ currentPlan: live.planId, subscriptionStatus: 'active' });

  const ledger = await ledgerOf(t, userId);
  const keys = ledger.map((row) => row.idempotency_key);
  expect(new Set(keys).size).toBe(keys.length);
  const paidFor = await invoiceKeys(subscriptions);
  for (const row of ledger.filter((r) => r.kind === 'purchase' || r.kind === 'renewal')) {
    expect(paidFor.has(row.idempotency_key)).toBe(true);
  }
  const balance = ledger.reduce((sum, row) => sum + row.delta, 0);
  expect(stats.remainingCredits).toBe(balance);
  expect(ledger.at(-1)?.balance_after).toBe(balance);
  return { live, subscriptions, ledger, stats };
}

describe('a second test-mode checkout', () => {
  it('paid after the first replaces it: the first is cancelled, the new plan applies', async () => {
    const { client, email } = await signUpVerified(t);
    const userId = await userIdOf(t, email);
    const growth = await openCheckout(client, 'growth');
    const expert = await openCheckout(client, 'expert');
    await pay(client, growth);
    expect(await usageStats(client)).toMatchObject({ currentPlan: 'growth', remainingCredits: 75 });

    await pay(client, expert);
    const { live, subscriptions, ledger, stats } = await expectOneSubscription(client, userId);
    expect(live.planId).toBe('expert');
    expect(subscriptions.map((s) => [s.planId, s.status])).toEqual([
      ['growth', 'canceled'],
      ['expert', 'active'],
    ]);
    expect(stats.remainingCredits).toBe(getPlan('expert').credits);
    expect(ledger.map((row) => [row.kind, row.delta])).toEqual([
      ['grant', 5],
      ['purchase', 70],
      ['purchase', 100],
    ]);
  });

  it('paid for a smaller plan replaces the bigger one and takes no credit back', async () => {
    const { client, email } = await signUpVerified(t);
    const userId = await userIdOf(t, email);
    const expert = await openCheckout(client, 'expert');
    const starter = await openCheckout(client, 'starter');
    await pay(client, expert);
    await pay(client, starter);
    const { live, stats } = await expectOneSubscription(client, userId);
    expect(live.planId).toBe('starter');
    expect(stats.remainingCredits).toBe(getPlan('expert').credits);
  });

  it('paid at the same time as the first leaves one subscription, the later one', async () => {
    const { client, email } = await signUpVerified(t);
    const userId = await userIdOf(t, email);
    const growth = await openCheckout(client, 'growth');
    const expert = await openCheckout(client, 'expert');
    await Promise.all([pay(client, growth), pay(client, expert)]);
    const { live, subscriptions, stats } = await expectOneSubscription(client, userId);
    // The provider's newest subscription is the one kept, whichever event came first.
    expect(live.id).toBe(subscriptions.at(-1)?.id);
    expect(stats.remainingCredits).toBeGreaterThanOrEqual(getPlan(live.planId).credits);
  });

  it('renews only the subscription that replaced the first', async () => {
    const { client, email } = await signUpVerified(t);
    const userId = await userIdOf(t, email);
    const growth = await openCheckout(client, 'growth');
    const expert = await openCheckout(client, 'expert');
    await pay(client, growth);
    await pay(client, expert);
    const advanced = await client.post('/api/dev/billing/advance-clock', { days: 32 });
    expect(advanced.statusCode).toBe(200);
    const { live, ledger } = await expectOneSubscription(client, userId);
    expect(live.planId).toBe('expert');
    expect(ledger.filter((row) => row.kind === 'renewal')).toHaveLength(1);
  });
});
