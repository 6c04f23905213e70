import type { ApiError, MeResponse } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestSubscription } from '../src/adapters/payments/test-mode/test-mode-objects';
import { userIdOf } from './billing/billing-helpers';
import { PASSWORD, signUp, signUpVerified, uniqueEmail } from './helpers/accounts';
import {
  createStripeTestApp,
  openStripeCheckouts,
  paidSubscription,
  payTestCheckout,
  type StripeTestApp,
} from './helpers/checkout';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Deleting an account ends its paid plan with the provider, and sign-up credits come once. */

async function customerOf(t: TestApp, userId: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('billing_account')
    .select('customer_id')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.customer_id ?? '';
}

describe('delete account in test mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('cancels the subscription in the same request', async () => {
    const { client, email } = await signUpVerified(t);
    const userId = await userIdOf(t, email);
    await payTestCheckout(client, 'expert');
    const customer = await customerOf(t, userId);

    const response = await client.post('/api/account/delete', { password: PASSWORD });
    expect(response.statusCode).toBe(200);
    const rows = await t.database.db
      .selectFrom('test_payment_object')
      .select('data')
      .where('kind', '=', 'subscription')
      .execute();
    const subscriptions = rows
      .map((row) => JSON.parse(row.data) as TestSubscription)
      .filter((subscription) => subscription.customer === customer);
    expect(subscriptions.map((subscription) => subscription.status)).toEqual(['canceled']);
  });

  it('grants the sign-up credits once per address, keeping no address of the deleted', async () => {
    const email = uniqueEmail('again');
    const first = await signUpVerified(t, email);
    expect((await first.client.get('/api/me')).json<MeResponse>().settings.credits).toBe(5);
    await first.client.post('/api/account/delete', { password: PASSWORD });

    const again = await signUpVerified(t, email);
    expect((await again.client.get('/api/me')).json<MeResponse>().settings.credits).toBe(0);
    const userId = await userIdOf(t, email);
    const ledger = await t.database.db
      .selectFrom('credit_ledger')
      .select('kind')
      .where('user_id', '=', userId)
      .execute();
    expect(ledger).toEqual([]);
    const kept = await t.database.db.selectFrom('deleted_address').selectAll().execute();
    expect(JSON.stringify(kept)).not.toContain(email.split('@')[0]);
    expect(kept.every((row) => /^[0-9a-f]{64}$/.test(row.digest))).toBe(true);

    const other = await signUp(t);
    const otherId = await userIdOf(t, other.email);
    const profile = await t.database.db
      .selectFrom('user_profile')
      .select('credits')
      .where('user_id', '=', otherId)
      .executeTakeFirstOrThrow();
    expect(profile.credits).toBe(5);
  });
});

describe('delete account with Stripe', () => {
  let t: StripeTestApp;
  beforeAll(async () => {
    t = await createStripeTestApp();
  });
  afterAll(() => t.close());

  it('cancels the customer’s subscription at Stripe before deleting', async () => {
    const { client, userId, customer } = await openStripeCheckouts(t, ['growth']);
    paidSubscription(t, { id: 'sub_deleted_user', customer, planId: 'growth', userId });

    const response = await client.post('/api/account/delete', { password: PASSWORD });
    expect(response.statusCode).toBe(200);
    const cancelled = t.stripe.requests.filter((r) => r.method === 'DELETE');
    expect(cancelled.map((r) => r.path)).toEqual(['/v1/subscriptions/sub_deleted_user']);
    expect(t.stripe.subscriptions.get('sub_deleted_user')?.status).toBe('canceled');
  });

  it('deletes nothing when Stripe cannot cancel, and says so', async () => {
    const { client, email } = await signUpVerified(t);
    const userId = await userIdOf(t, email);
    await t.database.db
      .insertInto('billing_account')
      .values({
        user_id: userId,
        customer_id: 'cus_refused',
        plan_id: 'growth',
        cancel_at_period_end: 0,
        period_start: new Date().toISOString(),
        period_end: new Date().toISOString(),
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    t.stripe.subscriptions.set('sub_refused', {
      id: 'sub_refused',
      customer: 'cus_refused',
      status: 'active',
      priceId: t.priceIds.growth,
      periodStart: new Date(),
      periodEnd: new Date(),
    });
    t.stripe.failCancel.add('sub_refused');

    const response = await client.post('/api/account/delete', { password: PASSWORD });
    expect(response.statusCode).toBe(502);
    expect(response.json<ApiError>()).toEqual({
      code: 'CANCEL_SUBSCRIPTION_FAILED',
      message:
        'Your subscription could not be cancelled, so your account was not deleted. Please try again later.',
    });
    expect((await client.get('/api/me')).statusCode).toBe(200);
  });
});
