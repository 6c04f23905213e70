import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestInvoice } from '../../src/adapters/payments/test-mode/test-mode-objects';
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
import { checkoutCompleted, invoicePaid, subscriptionEvent } from '../helpers/stripe-events';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { callable, pathOf, spendCredits, usageStats, userIdOf } from './billing-helpers';

const origin = 'http://localhost:3000';

/**
 * A plan switch (issue 41): unused paid credits carry over on an upgrade, and the new plan's
 * credits are added to them; the switch page says so, with the price and the charge today,
 * before the click; Billing says it is done on the way back. The same rule for Stripe's portal.
 */
describe('test mode: switching plan', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (client: TestClient, url: string, payload: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        origin,
        cookie: [...client.cookies].map(([n, v]) => `${n}=${v}`).join('; '),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload,
    });

  /** A Growth subscriber who has used `used` of its 75 credits. */
  async function growthSubscriber(used: number) {
    const { client, email } = await signUpVerified(t);
    const userId = await userIdOf(t, email);
    await payTestCheckout(client, 'growth', origin);
    await spendCredits(t, { userId, count: used, prefix: `run-${userId}`, now: new Date() });
    return { client, userId };
  }

  /** Billing's "Proceed to Payment" for a plan: the switch page's path and its text. */
  async function switchPageFor(client: TestClient, planId: string) {
    const { status, body } = await callable(client, 'createCheckoutSession', { planId, origin });
    expect(status).toBe(200);
    const path = pathOf((body.data as { url: string }).url);
    expect(path).toMatch(new RegExp(`^/api/billing/test-portal/[^/]+/switch/${planId}$`));
    const page = await client.get(path);
    expect(page.statusCode).toBe(200);
    return { portalPath: path.replace(/\/switch\/\w+$/, ''), text: page.body };
  }

  const rowValue = (html: string, testId: string) =>
    new RegExp(`data-testid="${testId}">([^<]*)<`).exec(html)?.[1];

  it('Growth → Expert: the page shows price, charge and balance, and the 63 credits carry over', async () => {
    const { client, userId } = await growthSubscriber(12);
    expect((await usageStats(client)).remainingCredits).toBe(63);

    const { portalPath, text } = await switchPageFor(client, 'expert');
    expect(text).toContain('Switch to Expert');
    expect(text).toContain('$20 per month');
    expect(rowValue(text, 'balance-after')).toBe('238 credits');
    expect(text).toContain(
      'Your 63 credits left carry over and Expert adds its 175 credits at once.',
    );
    const charge = rowValue(text, 'charge-today') ?? '';
    expect(charge).toMatch(/^\$\d+\.\d\d$/);

    const switched = await post(client, `${portalPath}/action`, 'action=switch:expert');
    expect(switched.statusCode).toBe(303);
    expect(switched.headers.location).toBe(`${origin}/app/billing?switched=expert`);
    expect(await usageStats(client)).toMatchObject({
      currentPlan: 'expert',
      remainingCredits: 238,
    });

    // One ledger row for the switch, keyed by the invoice that charged what the page said.
    const rows = await ledgerOf(t, userId);
    const upgrade = rows.filter((row) => row.idempotency_key.endsWith(':expert'));
    expect(upgrade.map((row) => [row.kind, row.delta, row.balance_after])).toEqual([
      ['purchase', 175, 238],
    ]);
    const invoiceId = upgrade[0]?.idempotency_key.split(':')[1] ?? '';
    const stored = await t.database.db
      .selectFrom('test_payment_object')
      .select('data')
      .where('kind', '=', 'invoice')
      .execute();
    const invoice = stored
      .map((row) => JSON.parse(row.data) as TestInvoice)
      .find((candidate) => candidate.id === invoiceId);
    expect(invoice && `$${(invoice.amount_paid / 100).toFixed(2)}`).toBe(charge);
  });

  it('Growth → Starter: nothing charged, the balance stays, the switch waits for the period end', async () => {
    const { client } = await growthSubscriber(5);
    const { portalPath, text } = await switchPageFor(client, 'starter');
    expect(text).toContain('Switch to Starter');
    expect(text).toContain('$5 per month');
    expect(rowValue(text, 'charge-today')).toBe('$0.00');
    expect(rowValue(text, 'balance-after')).toBe('70 credits');

    const switched = await post(client, `${portalPath}/action`, 'action=switch:starter');
    expect(switched.headers.location).toBe(`${origin}/app/billing?switched=starter`);
    expect(await usageStats(client)).toMatchObject({
      currentPlan: 'growth',
      scheduledPlan: 'starter',
      remainingCredits: 70,
    });
  });

  it("refuses a switch page for another user's portal and for the plan already held", async () => {
    const { client } = await growthSubscriber(0);
    const { portalPath } = await switchPageFor(client, 'expert');
    const stranger = await signUpVerified(t);
    expect((await stranger.client.get(`${portalPath}/switch/expert`)).statusCode).toBe(404);
    const same = await client.get(`${portalPath}/switch/growth`);
    expect(same.body).toContain('This plan cannot be chosen here.');
    expect(same.body).not.toContain('name="action"');
  });
});

describe("Stripe's portal: switching plan", () => {
  let t: StripeTestApp;
  beforeAll(async () => {
    t = await createStripeTestApp();
  });
  afterAll(() => t.close());

  it("opens Stripe's switch confirmation and carries the unused credits over, whatever the event order", async () => {
    const { client, userId, customer } = await openStripeCheckouts(t, ['growth'], origin);
    const id = 'sub_switch';
    const state = paidSubscription(t, {
      id,
      customer,
      planId: 'growth',
      userId,
      latestInvoice: {
        id: 'in_switch_1',
        status: 'paid',
        lines: [{ priceId: t.priceIds.growth, amount: 1000 }],
        billingReason: 'subscription_create',
      },
    });
    await t.deliverAll([
      invoicePaid({ id: 'in_switch_1', customer, subscription: id }),
      checkoutCompleted({ customer, subscription: id, userId }),
    ]);
    await spendCredits(t, { userId, count: 12, prefix: `stripe-run-${userId}`, now: new Date() });
    expect(await usageStats(client)).toMatchObject({ currentPlan: 'growth', remainingCredits: 63 });

    await callable(client, 'createCheckoutSession', { planId: 'expert', origin });
    const portal = t.stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1);
    expect(portal?.params).toMatchObject({
      customer,
      return_url: `${origin}/app/billing`,
      'flow_data[type]': 'subscription_update_confirm',
      'flow_data[subscription_update_confirm][subscription]': id,
      'flow_data[subscription_update_confirm][items][0][id]': `si_${id}`,
      'flow_data[subscription_update_confirm][items][0][price]': t.priceIds.expert,
      'flow_data[after_completion][type]': 'redirect',
      'flow_data[after_completion][redirect][return_url]': `${origin}/app/billing?switched=expert`,
    });

    // Stripe switches the price and pays the proration invoice; its invoice event comes first.
    state.priceId = t.priceIds.expert;
    state.latestInvoice = {
      id: 'in_switch_2',
      status: 'paid',
      lines: [
        { priceId: t.priceIds.growth, amount: -1000 },
        { priceId: t.priceIds.expert, amount: 2000 },
      ],
      billingReason: 'subscription_update',
    };
    await t.deliverAll([
      invoicePaid({ id: 'in_switch_2', customer, subscription: id }),
      subscriptionEvent('customer.subscription.updated', { id, customer }),
    ]);
    expect(await usageStats(client)).toMatchObject({
      currentPlan: 'expert',
      remainingCredits: 238,
    });
    const grants = (await ledgerOf(t, userId)).filter((row) =>
      row.idempotency_key.startsWith('invoice:'),
    );
    expect(grants.map((row) => [row.idempotency_key, row.delta])).toEqual([
      ['invoice:in_switch_1:growth', 70],
      ['invoice:in_switch_2:expert', 175],
    ]);
  });
});
