import { isPaidPlanId } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestInvoice } from '../../src/adapters/payments/test-mode/test-mode-objects';
import { testModePriceIds } from '../../src/adapters/payments/test-mode/test-mode-provider';
import { signUpVerified } from '../helpers/accounts';
import {
  createStripeTestApp,
  openStripeCheckouts,
  paidSubscription,
  payTestCheckout,
  type StripeTestApp,
} from '../helpers/checkout';
import type { TestClient } from '../helpers/client';
import { ledgerOf } from '../helpers/ledger';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { checkoutCompleted, invoicePaid, subscriptionEvent } from '../helpers/stripe-events';
import { callable, pathOf, usageStats, userIdOf } from './billing-helpers';

/**
 * Credits are granted only for what was paid: every purchase or renewal in the ledger names an
 * invoice that was paid, charged something, and charged the price of the plan granted. Upgrades
 * pay first, downgrades and cancellations grant nothing.
 */

interface Invoice {
  amountPaid: number;
  lines: { priceId: string; amount: number }[];
}

/**
 * Each grant keyed by an invoice must be on a paid invoice charging the plan it granted (the
 * others are the free tier's top-ups); returns the grants after sign-up's, in order.
 */
function expectGrantsPaidFor(
  ledger: Awaited<ReturnType<typeof ledgerOf>>,
  invoices: Map<string, Invoice>,
  priceIds: Record<string, string>,
) {
  const grants = ledger.filter((row) => row.kind === 'purchase' || row.kind === 'renewal');
  for (const row of grants.filter(({ idempotency_key }) =>
    idempotency_key.startsWith('invoice:'),
  )) {
    const [, invoiceId = '', planId = ''] = row.idempotency_key.split(':');
    const invoice = invoices.get(invoiceId);
    expect(invoice, `${row.idempotency_key} names a known invoice`).toBeDefined();
    expect(invoice?.amountPaid, `${row.idempotency_key} was paid`).toBeGreaterThan(0);
    expect(isPaidPlanId(planId)).toBe(true);
    const charged = invoice?.lines.some(
      (line) => line.priceId === priceIds[planId] && line.amount > 0,
    );
    expect(charged, `${row.idempotency_key} charged ${planId}`).toBe(true);
  }
  return grants.map((row) => [row.kind, row.delta]);
}

describe('test mode: credits only for what was paid', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function portal(client: TestClient, action: string) {
    const { body } = await callable(client, 'createPortalSession', {});
    const path = pathOf((body.data as { url: string }).url);
    const response = await t.app.inject({
      method: 'POST',
      url: `${path}/action`,
      headers: {
        origin: 'http://localhost:3000',
        cookie: [...client.cookies].map(([n, v]) => `${n}=${v}`).join('; '),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `action=${action}`,
    });
    expect(response.statusCode).toBe(303);
  }

  async function invoicesOf(userId: string) {
    const account = await t.database.db
      .selectFrom('billing_account')
      .select('customer_id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const rows = await t.database.db
      .selectFrom('test_payment_object')
      .select('data')
      .where('kind', '=', 'invoice')
      .orderBy('created_at')
      .execute();
    const invoices = rows
      .map((row) => JSON.parse(row.data) as TestInvoice)
      .filter((invoice) => invoice.customer === account.customer_id);
    return new Map(
      invoices.map((invoice) => [
        invoice.id,
        {
          amountPaid: invoice.amount_paid,
          lines: invoice.lines.data.map((line) => ({
            priceId: line.pricing.price_details.price,
            amount: line.amount,
          })),
        },
      ]),
    );
  }

  it('starter → growth → expert → starter: each upgrade is charged, the downgrade waits', async () => {
    const { client, email } = await signUpVerified(t);
    const userId = await userIdOf(t, email);
    await payTestCheckout(client, 'starter');
    // Each upgrade adds the plan's credits to the unused ones, which carry over (issue 41).
    await portal(client, 'switch:growth');
    expect(await usageStats(client)).toMatchObject({
      currentPlan: 'growth',
      remainingCredits: 105,
    });
    await portal(client, 'switch:expert');
    await portal(client, 'switch:starter');
    expect(await usageStats(client)).toMatchObject({
      currentPlan: 'expert',
      scheduledPlan: 'starter',
      remainingCredits: 280,
    });
    await client.post('/api/dev/billing/advance-clock', { days: 32 });
    expect(await usageStats(client)).toMatchObject({
      currentPlan: 'starter',
      scheduledPlan: null,
      remainingCredits: 280,
    });

    const invoices = await invoicesOf(userId);
    // $5 for starter, the $5 and $10 differences for the upgrades (charged at once, for the
    // whole period left), nothing for the downgrade, then $5 for starter's next period.
    expect([...invoices.values()].map((invoice) => invoice.amountPaid)).toEqual([
      500, 500, 1000, 500,
    ]);
    expect(expectGrantsPaidFor(await ledgerOf(t, userId), invoices, testModePriceIds)).toEqual([
      ['purchase', 25],
      ['purchase', 75],
      ['purchase', 175],
      ['renewal', 0],
    ]);
  });

  it('upgrade then cancel: the upgrade is paid for, the cancellation grants nothing', async () => {
    const { client, email } = await signUpVerified(t);
    const userId = await userIdOf(t, email);
    await payTestCheckout(client, 'starter');
    await portal(client, 'switch:expert');
    await portal(client, 'cancel');
    expect(await usageStats(client)).toMatchObject({
      currentPlan: 'expert',
      cancelAtPeriodEnd: true,
      remainingCredits: 205,
    });
    await client.post('/api/dev/billing/advance-clock', { days: 32 });
    expect(await usageStats(client)).toMatchObject({ currentPlan: 'free', remainingCredits: 205 });

    const invoices = await invoicesOf(userId);
    expect([...invoices.values()].map((invoice) => invoice.amountPaid)).toEqual([500, 1500]);
    expect(expectGrantsPaidFor(await ledgerOf(t, userId), invoices, testModePriceIds)).toEqual([
      ['purchase', 25],
      ['purchase', 175],
      ['renewal', 0],
    ]);
  });
});

describe('Stripe: credits only for what was paid', () => {
  const day = 24 * 60 * 60_000;
  let t: StripeTestApp;
  beforeAll(async () => {
    t = await createStripeTestApp();
  });
  afterAll(() => t.close());

  /** A Stripe subscriber to starter (invoice `${name}_1` paid $5), and what Stripe billed them. */
  async function starterSubscriber(name: string) {
    const { client, userId, customer } = await openStripeCheckouts(t, ['starter']);
    const id = `sub_${name}`;
    const invoices = new Map<string, Invoice>();
    const state = paidSubscription(t, {
      id,
      customer,
      planId: 'starter',
      userId,
      latestInvoice: null,
    });
    const bill = async (invoiceId: string, status: 'paid' | 'open', lines: Invoice['lines']) => {
      const amountPaid =
        status === 'paid'
          ? Math.max(
              0,
              lines.reduce((sum, line) => sum + line.amount, 0),
            )
          : 0;
      state.latestInvoice = { id: invoiceId, status, amountPaid, lines };
      if (status === 'paid') invoices.set(invoiceId, { amountPaid, lines });
      await t.deliverAll([invoicePaid({ id: invoiceId, customer, subscription: id })]);
    };
    const updated = () =>
      t.deliverAll([subscriptionEvent('customer.subscription.updated', { id, customer })]);
    await bill(`${name}_1`, 'paid', [{ priceId: t.priceIds.starter, amount: 500 }]);
    await t.deliverAll([checkoutCompleted({ customer, subscription: id, userId })]);
    return { client, userId, state, invoices, bill, updated };
  }

  it('starter → growth → expert → starter: credits follow the invoices that paid', async () => {
    const { client, userId, state, invoices, bill, updated } = await starterSubscriber('seq');
    expect(await usageStats(client)).toMatchObject({
      currentPlan: 'starter',
      remainingCredits: 30,
    });

    // The portal switches the price; the proration invoice is paid a moment later.
    state.priceId = t.priceIds.growth;
    await updated();
    expect(await usageStats(client)).toMatchObject({ currentPlan: 'growth', remainingCredits: 30 });
    await bill('seq_2', 'paid', [
      { priceId: t.priceIds.starter, amount: -500 },
      { priceId: t.priceIds.growth, amount: 1000 },
    ]);
    // The upgrade's invoice adds growth's 75 to starter's 30 unused credits (issue 41).
    expect(await usageStats(client)).toMatchObject({
      currentPlan: 'growth',
      remainingCredits: 105,
    });

    state.priceId = t.priceIds.expert;
    await updated();
    expect((await usageStats(client)).remainingCredits).toBe(105);
    await bill('seq_3', 'paid', [
      { priceId: t.priceIds.growth, amount: -1000 },
      { priceId: t.priceIds.expert, amount: 2000 },
    ]);
    expect(await usageStats(client)).toMatchObject({
      currentPlan: 'expert',
      remainingCredits: 280,
    });

    // A downgrade's invoice is a credit: nothing paid, nothing granted, applied at period end.
    state.priceId = t.priceIds.starter;
    await bill('seq_4', 'paid', [
      { priceId: t.priceIds.expert, amount: -2000 },
      { priceId: t.priceIds.starter, amount: 500 },
    ]);
    await updated();
    expect(await usageStats(client)).toMatchObject({
      currentPlan: 'expert',
      scheduledPlan: 'starter',
      remainingCredits: 280,
    });

    state.periodStart = state.periodEnd;
    state.periodEnd = new Date(state.periodEnd.getTime() + 30 * day);
    await bill('seq_5', 'paid', [{ priceId: t.priceIds.starter, amount: 500 }]);
    expect(await usageStats(client)).toMatchObject({ currentPlan: 'starter', scheduledPlan: null });

    expect(expectGrantsPaidFor(await ledgerOf(t, userId), invoices, t.priceIds)).toEqual([
      ['purchase', 25],
      ['purchase', 75],
      ['purchase', 175],
      ['renewal', 0],
    ]);
  });

  it('upgrade then cancel with the upgrade unpaid: only starter is granted', async () => {
    const { client, userId, state, invoices, bill, updated } = await starterSubscriber('unpaid');
    state.priceId = t.priceIds.expert;
    await updated();
    await bill('unpaid_2', 'open', [
      { priceId: t.priceIds.starter, amount: -500 },
      { priceId: t.priceIds.expert, amount: 2000 },
    ]);
    state.cancelAtPeriodEnd = true;
    await updated();
    expect(await usageStats(client)).toMatchObject({
      currentPlan: 'expert',
      cancelAtPeriodEnd: true,
      remainingCredits: 30,
    });
    state.status = 'canceled';
    await t.deliverAll([
      subscriptionEvent('customer.subscription.deleted', {
        id: state.id,
        customer: state.customer,
      }),
    ]);
    expect(await usageStats(client)).toMatchObject({ currentPlan: 'free', remainingCredits: 30 });
    expect(expectGrantsPaidFor(await ledgerOf(t, userId), invoices, t.priceIds)).toEqual([
      ['purchase', 25],
      ['renewal', 0],
    ]);
  });
});
