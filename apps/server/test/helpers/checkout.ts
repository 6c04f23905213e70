import type { PaidPlanId } from '@reframe/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createStripeProvider } from '../../src/adapters/payments/stripe-provider';
import { AdjustableClock } from '../../src/platform/clock/clock';
import { callable, pathOf, userIdOf } from '../billing/billing-helpers';
import { signUpVerified } from './accounts';
import type { TestClient } from './client';
import { sign } from './stripe-events';
import {
  startStripeMockServer,
  type MockSubscription,
  type StripeMockServer,
} from './stripe-mock-server';
import { createTestApp, type TestApp } from './test-app';

/**
 * Paying for a plan as the Billing screen does: open a checkout, pay it (on the test-mode
 * checkout page, or as the subscription the local Stripe mock server holds), and deliver
 * Stripe's webhooks about it.
 */

/** Pays for `planId` on the test-mode checkout page. */
export async function payTestCheckout(client: TestClient, planId: string, origin?: string) {
  const { status, body } = await callable(client, 'createCheckoutSession', { planId, origin });
  expect(status, JSON.stringify(body)).toBe(200);
  const path = pathOf((body.data as { url: string }).url);
  expect((await client.post(`${path}/pay`)).statusCode).toBe(303);
}

const day = 24 * 60 * 60_000;

/** The app with the Stripe provider, against the local Stripe mock server. */
export interface StripeTestApp extends TestApp {
  stripe: StripeMockServer;
  /** The price of each paid plan at the Stripe mock server. */
  priceIds: Record<PaidPlanId, string>;
  /** The app's clock, which the subscriptions' periods start from. */
  clock: AdjustableClock;
  webhookSecret: string;
  /**
   * POSTs an event to the webhook, signed with the app's secret, or with `signature` when one is
   * given (an empty one sends no signature).
   */
  deliver(event: object, signature?: string): Promise<LightMyRequestResponse>;
  /** Delivers the events in turn; each must be answered 200. */
  deliverAll(events: object[]): Promise<void>;
}

export async function createStripeTestApp(): Promise<StripeTestApp> {
  const webhookSecret = 'whsec_integration_test_secret';
  const priceIds = { starter: 'price_starter', growth: 'price_growth', expert: 'price_expert' };
  const clock = new AdjustableClock();
  const stripe = await startStripeMockServer();
  const provider = createStripeProvider({
    secretKey: 'sk_test_mock',
    publishableKey: 'pk_test_mock',
    webhookSecret,
    priceIds,
    api: stripe.api,
  });
  const t = await createTestApp({ billing: { provider, clock } });
  const deliver = (event: object, signature?: string) => {
    const payload = JSON.stringify(event);
    const header = signature ?? sign(payload, webhookSecret);
    return t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: {
        'content-type': 'application/json',
        ...(header ? { 'stripe-signature': header } : {}),
      },
      payload,
    });
  };
  return {
    ...t,
    stripe,
    priceIds,
    clock,
    webhookSecret,
    deliver,
    async deliverAll(events) {
      for (const event of events) expect((await deliver(event)).statusCode).toBe(200);
    },
    async close() {
      await t.close();
      await stripe.close();
    },
  };
}

/** A verified user who opened Stripe Checkout for each plan in turn, and their Stripe customer. */
export async function openStripeCheckouts(
  t: StripeTestApp,
  planIds: PaidPlanId[],
  origin?: string,
) {
  const { client, email } = await signUpVerified(t);
  const userId = await userIdOf(t, email);
  for (const planId of planIds) {
    expect((await callable(client, 'createCheckoutSession', { planId, origin })).status).toBe(200);
  }
  const { customer_id } = await t.database.db
    .selectFrom('billing_account')
    .select('customer_id')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { client, userId, customer: customer_id ?? '' };
}

/**
 * What Stripe holds once a checkout is paid: an active subscription to `planId` for 30 days from
 * `start` (by default the app's now). The test changes it as Stripe would.
 */
export function paidSubscription(
  t: StripeTestApp,
  subscription: Omit<MockSubscription, 'status' | 'priceId' | 'periodStart' | 'periodEnd'> & {
    planId: PaidPlanId;
    start?: Date;
  },
): MockSubscription {
  const { planId, start = t.clock.now(), ...rest } = subscription;
  const state: MockSubscription = {
    ...rest,
    status: 'active',
    priceId: t.priceIds[planId],
    periodStart: start,
    periodEnd: new Date(start.getTime() + 30 * day),
  };
  t.stripe.subscriptions.set(state.id, state);
  return state;
}
