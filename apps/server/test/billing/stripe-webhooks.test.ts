import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUpVerified } from '../helpers/accounts';
import {
  createStripeTestApp,
  openStripeCheckouts,
  paidSubscription,
  type StripeTestApp,
} from '../helpers/checkout';
import { ledgerOf } from '../helpers/ledger';
import { asView, invite, teamOf } from '../helpers/team';
import {
  checkoutCompleted,
  invoicePaid,
  sign,
  stripeEvent,
  subscriptionEvent,
} from '../helpers/stripe-events';
import { callable, spendCredits, usageStats, userIdOf } from './billing-helpers';

const day = 24 * 60 * 60_000;

let t: StripeTestApp;

beforeAll(async () => {
  t = await createStripeTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.stripe.requests.length = 0;
});

/** A verified user who went through Stripe Checkout for `planId` (customer stored by us). */
async function subscribedUser(planId: 'starter' | 'growth' | 'expert', invoiceId: string) {
  const { client, userId, customer } = await openStripeCheckouts(t, [planId]);
  const subscription = `sub_${invoiceId}`;
  paidSubscription(t, {
    id: subscription,
    customer,
    planId,
    userId,
    latestInvoice: { id: invoiceId, status: 'paid' },
  });
  return { client, userId, customerId: customer, subscription };
}

describe('Stripe checkout', () => {
  it('creates one customer per user and a subscription-mode Checkout Session', async () => {
    const { client, userId } = await signUpVerified(t).then(async (u) => ({
      ...u,
      userId: await userIdOf(t, u.email),
    }));
    const first = await callable(client, 'createCheckoutSession', {
      planId: 'growth',
      origin: 'http://localhost:3000',
    });
    expect(first.status).toBe(200);
    expect((first.body.data as { url: string }).url).toMatch(
      /^https:\/\/checkout\.stripe\.test\/cs_mock_/,
    );
    await callable(client, 'createCheckoutSession', { planId: 'starter' });
    const customers = t.stripe.requests.filter((r) => r.path === '/v1/customers');
    expect(customers).toHaveLength(1);
    expect(customers[0]?.params['metadata[userId]']).toBe(userId);
    const sessions = t.stripe.requests.filter((r) => r.path === '/v1/checkout/sessions');
    expect(sessions[0]?.params).toMatchObject({
      mode: 'subscription',
      client_reference_id: userId,
      'line_items[0][price]': 'price_growth',
      'line_items[0][quantity]': '1',
      success_url: 'http://localhost:3000/app/billing?success=true&plan=growth',
      cancel_url: 'http://localhost:3000/app/billing',
      'subscription_data[metadata][userId]': userId,
    });
    expect(sessions[1]?.params['line_items[0][price]']).toBe('price_starter');
    expect((await callable(client, 'getStripeConfig')).body).toEqual({
      data: { publishableKey: 'pk_test_mock', mode: 'test' },
    });
  });

  it('opens the customer portal for a subscriber', async () => {
    const { client, customerId, subscription } = await subscribedUser('starter', 'in_portal');
    await t.deliver(checkoutCompleted({ customer: customerId, subscription, userId: '' }));
    const portal = await callable(client, 'createPortalSession', {});
    expect((portal.body.data as { url: string }).url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    const request = t.stripe.requests.find((r) => r.path === '/v1/billing_portal/sessions');
    expect(request?.params).toEqual({
      customer: customerId,
      return_url: 'http://localhost:3000/app/billing',
    });
  });
});

describe('Stripe webhooks', () => {
  it('rejects a forged or missing signature with 400 and changes nothing', async () => {
    const { client, customerId, subscription } = await subscribedUser('growth', 'in_forged');
    const event = invoicePaid({ id: 'in_forged', customer: customerId, subscription });
    const forged = await t.deliver(event, sign(JSON.stringify(event), 'whsec_someone_else'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({
      code: 'WEBHOOK_SIGNATURE_INVALID',
      message: 'The webhook signature is missing or invalid.',
    });
    const missing = await t.deliver(event, '');
    expect(missing.statusCode).toBe(400);
    expect(await usageStats(client)).toMatchObject({ currentPlan: 'free', remainingCredits: 5 });
  });

  it('applies the same event delivered three times once', async () => {
    const { client, userId, customerId, subscription } = await subscribedUser('growth', 'in_3x');
    const event = invoicePaid({ id: 'in_3x', customer: customerId, subscription });
    const outcomes = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await t.deliver(event);
      expect(response.statusCode).toBe(200);
      outcomes.push(response.json<{ outcome: string }>().outcome);
    }
    expect(outcomes).toEqual(['applied', 'duplicate', 'duplicate']);
    await t.deliver(checkoutCompleted({ customer: customerId, subscription, userId }));
    expect(await usageStats(client)).toMatchObject({ currentPlan: 'growth', remainingCredits: 75 });
    const purchases = (await ledgerOf(t, userId)).filter((row) => row.kind === 'purchase');
    expect(purchases).toEqual([
      { kind: 'purchase', delta: 70, balance_after: 75, idempotency_key: 'invoice:in_3x:growth' },
    ]);
  });

  it('keeps a cancellation that arrives before the last invoice', async () => {
    const { client, userId, customerId, subscription } = await subscribedUser('starter', 'in_ooo');
    await t.deliver(checkoutCompleted({ customer: customerId, subscription, userId }));
    expect(await usageStats(client)).toMatchObject({
      currentPlan: 'starter',
      remainingCredits: 30,
    });

    const state = t.stripe.subscriptions.get(subscription);
    if (!state) throw new Error('missing subscription');
    state.status = 'canceled';
    state.latestInvoice = { id: 'in_ooo_last', status: 'paid' };
    await t.deliver(
      subscriptionEvent('customer.subscription.deleted', {
        id: subscription,
        customer: customerId,
      }),
    );
    const late = await t.deliver(
      invoicePaid({ id: 'in_ooo_last', customer: customerId, subscription }),
    );
    expect(late.statusCode).toBe(200);
    expect(await usageStats(client)).toMatchObject({
      currentPlan: 'free',
      subscriptionStatus: 'free',
      remainingCredits: 30,
    });
    const keys = (await ledgerOf(t, userId)).map((row) => row.idempotency_key);
    expect(keys.some((key) => key.startsWith('invoice:in_ooo_last'))).toBe(false);
  });

  it('grants a new period once, keyed by its invoice, and resets operationsThisMonth', async () => {
    const { client, userId, customerId, subscription } = await subscribedUser('starter', 'in_p1');
    await t.deliver(invoicePaid({ id: 'in_p1', customer: customerId, subscription }));
    await spendCredits(t, { userId, count: 10, prefix: 'period-1', now: t.clock.now() });
    await t.database.db
      .updateTable('user_profile')
      .set({ operations_this_month: 10 })
      .where('user_id', '=', userId)
      .execute();

    const state = t.stripe.subscriptions.get(subscription);
    if (!state) throw new Error('missing subscription');
    state.periodStart = state.periodEnd;
    state.periodEnd = new Date(state.periodEnd.getTime() + 30 * day);
    state.latestInvoice = { id: 'in_p2', status: 'paid' };
    const renewal = invoicePaid({ id: 'in_p2', customer: customerId, subscription });
    await t.deliver(renewal);
    await t.deliver(
      subscriptionEvent('customer.subscription.updated', {
        id: subscription,
        customer: customerId,
      }),
    );
    await t.deliver(renewal);
    expect(await usageStats(client)).toMatchObject({
      remainingCredits: 30,
      usedCredits: 10,
      operationsThisMonth: 0,
      currentPlan: 'starter',
      renewalDate: state.periodEnd.toISOString().replace(/\.\d{3}Z$/, '.000Z'),
    });
    const renewals = (await ledgerOf(t, userId)).filter((row) => row.kind === 'renewal');
    expect(renewals).toEqual([
      { kind: 'renewal', delta: 10, balance_after: 30, idempotency_key: 'invoice:in_p2:starter' },
    ]);
  });

  it("suspends an Expert owner's team while a renewal is past due, and restores it once paid", async () => {
    const { client, userId, customerId, subscription } = await subscribedUser('expert', 'in_team');
    await t.deliver(checkoutCompleted({ customer: customerId, subscription, userId }));
    expect((await invite(client, 'colleague.past-due@example.com')).statusCode).toBe(201);

    const state = t.stripe.subscriptions.get(subscription);
    if (!state) throw new Error('missing subscription');
    state.status = 'past_due';
    state.latestInvoice = { id: 'in_team_2', status: 'open' };
    await t.deliver(
      subscriptionEvent('customer.subscription.updated', {
        id: subscription,
        customer: customerId,
      }),
    );
    const suspended = asView(await teamOf(client));
    expect(suspended.team.suspended).toBe(true);
    expect(suspended.invites).toEqual([]);

    state.status = 'active';
    state.latestInvoice = { id: 'in_team_2', status: 'paid' };
    await t.deliver(invoicePaid({ id: 'in_team_2', customer: customerId, subscription }));
    expect(asView(await teamOf(client)).team.suspended).toBe(false);
  });

  it('answers 2xx to event types it ignores', async () => {
    const response = await t.deliver(
      stripeEvent('customer.created', { id: 'cus_x', object: 'customer' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'ignored' });
  });

  it('records an event for a subscription Stripe does not know without changing anyone', async () => {
    const response = await t.deliver(
      subscriptionEvent('customer.subscription.updated', {
        id: 'sub_unknown',
        customer: 'cus_unknown',
      }),
    );
    expect(response.statusCode).toBe(200);
  });
});
