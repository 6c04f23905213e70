import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeTestApp, type StripeTestApp } from '../helpers/checkout';
import { stripeEvent } from '../helpers/stripe-events';

let t: StripeTestApp;

beforeAll(async () => {
  t = await createStripeTestApp();
});
afterAll(() => t.close());

/** Delivers an ignored event type signed correctly, but dated `offsetSeconds` from now. */
async function deliverDated(offsetSeconds: number) {
  const event = stripeEvent('customer.created', { id: 'cus_1', object: 'customer' });
  const timestamp = Math.floor(Date.now() / 1000) + offsetSeconds;
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: JSON.stringify(event),
    secret: t.webhookSecret,
    timestamp,
  });
  return t.deliver(event, signature);
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
