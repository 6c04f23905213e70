import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeProvider } from '../../src/adapters/payments/stripe-provider';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { startStripeMockServer, type StripeMockServer } from '../helpers/stripe-mock-server';
import { stripeEvent } from '../helpers/stripe-events';

const webhookSecret = 'whsec_timestamp_test_secret';

let t: TestApp;
let stripe: StripeMockServer;

beforeAll(async () => {
  stripe = await startStripeMockServer();
  const provider = createStripeProvider({
    secretKey: 'sk_test_mock',
    publishableKey: 'pk_test_mock',
    webhookSecret,
    priceIds: { starter: 'price_starter', growth: 'price_growth', expert: 'price_expert' },
    api: stripe.api,
  });
  t = await createTestApp({ billing: { provider } });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

/** Delivers an ignored event type signed correctly, but dated `offsetSeconds` from now. */
async function deliverDated(offsetSeconds: number) {
  const payload = JSON.stringify(
    stripeEvent('customer.created', { id: 'cus_1', object: 'customer' }),
  );
  const timestamp = Math.floor(Date.now() / 1000) + offsetSeconds;
  return t.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: webhookSecret,
        timestamp,
      }),
    },
    payload,
  });
}

const refused = {
  code: 'WEBHOOK_SIGNATURE_INVALID',
  message: 'The webhook signature is missing or invalid.',
};

describe('webhook signature timestamps', () => {
  it('accepts an event signed now', async () => {
    expect((await deliverDated(0)).statusCode).toBe(200);
  });

  it('refuses an event signed an hour ago', async () => {
    const response = await deliverDated(-3600);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused);
  });

  it('refuses an event signed an hour in the future, like an old one', async () => {
    const response = await deliverDated(3600);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused);
  });
});
