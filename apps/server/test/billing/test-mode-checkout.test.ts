import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUp, signUpVerified } from '../helpers/accounts';
import { TestClient } from '../helpers/client';
import { ledgerOf } from '../helpers/ledger';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { callable, pathOf, usageStats, userIdOf } from './billing-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function buy(client: TestClient, planId: string) {
  const { status, body } = await callable(client, 'createCheckoutSession', {
    planId,
    origin: 'http://localhost:3000',
  });
  expect(status).toBe(200);
  const url = (body.data as { url: string }).url;
  const page = await client.get(pathOf(url));
  return { url, page };
}

async function advanceDays(client: TestClient, days: number) {
  const response = await client.post('/api/dev/billing/advance-clock', { days });
  expect(response.statusCode).toBe(200);
}

describe('billing callables', () => {
  it('answers the test-mode configuration', async () => {
    const { client } = await signUpVerified(t);
    const { status, body } = await callable(client, 'getStripeConfig');
    expect(status).toBe(200);
    expect(body).toEqual({ data: { publishableKey: 'pk_test_reframe_local', mode: 'test' } });
  });

  it('refuses a callable without a session as unauthenticated', async () => {
    const { status, body } = await callable(new TestClient(t.app), 'getUsageStats');
    expect(status).toBe(401);
    expect(body).toEqual({
      error: { status: 'UNAUTHENTICATED', message: 'Please sign in to continue' },
    });
  });

  it('refuses an unverified account and an unknown callable', async () => {
    const { email } = await signUp(t);
    const { client } = await signIn(t, email);
    expect((await callable(client, 'getUsageStats')).status).toBe(403);
    const verified = await signUpVerified(t);
    expect((await callable(verified.client, 'deleteEverything')).status).toBe(404);
  });

  it('accepts the session token as a bearer token', async () => {
    const { client } = await signUpVerified(t);
    const token = [...client.cookies.entries()].find(([name]) => name.endsWith('session_token'));
    const sessionToken = decodeURIComponent(token?.[1] ?? '').split('.')[0] ?? '';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/callables/getUsageStats',
      headers: { authorization: `Bearer ${sessionToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ data: null }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: { remainingCredits: number } }>().data.remainingCredits).toBe(5);
  });

  it('starts a new user on the free plan with 5 credits and a renewal date', async () => {
    const { client } = await signUpVerified(t);
    const stats = await usageStats(client);
    expect(stats).toMatchObject({
      remainingCredits: 5,
      usedCredits: 0,
      totalOperations: 0,
      operationsThisMonth: 0,
      subscriptionStatus: 'free',
      currentPlan: 'free',
      cancelAtPeriodEnd: false,
      scheduledPlan: null,
    });
    expect(Date.parse(stats.renewalDate ?? '')).toBeGreaterThan(Date.now());
  });

  it('rejects an unknown plan id and a checkout for the current plan', async () => {
    const { client } = await signUpVerified(t);
    const unknown = await callable(client, 'createCheckoutSession', { planId: 'platinum' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      error: {
        status: 'INVALID_ARGUMENT',
        message: 'This plan does not exist. Please choose one of the plans shown.',
      },
    });
    const same = await callable(client, 'createCheckoutSession', { planId: 'free' });
    expect(same.status).toBe(409);
    expect((same.body.error as { message: string }).message).toBe('You are already on this plan.');
  });

  it('records usage events without touching credits', async () => {
    const { client, email } = await signUpVerified(t);
    const result = await callable(client, 'trackUsage', { operationType: 'image_resize' });
    expect(result).toEqual({ status: 200, body: { data: null } });
    expect((await callable(client, 'trackUsage', { operationType: 'hack' })).status).toBe(400);
    const userId = await userIdOf(t, email);
    const events = await t.database.db
      .selectFrom('usage_event')
      .select('operation_type')
      .where('user_id', '=', userId)
      .execute();
    expect(events).toEqual([{ operation_type: 'image_resize' }]);
    expect((await usageStats(client)).remainingCredits).toBe(5);
  });
});

describe('test-mode checkout', () => {
  it('buys Growth, cancels, keeps Growth until the period ends, then moves to free', async () => {
    const { client, email } = await signUpVerified(t);
    const userId = await userIdOf(t, email);
    const { url, page } = await buy(client, 'growth');
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/billing\/test-checkout\/cs_test_/);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Test mode is active - no real charges will be made');
    expect(page.body).toContain('Pay $10');

    const paid = await client.post(`${pathOf(url)}/pay`);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      'http://localhost:3000/app/billing?success=true&plan=growth',
    );
    expect(await usageStats(client)).toMatchObject({
      remainingCredits: 75,
      currentPlan: 'growth',
      subscriptionStatus: 'active',
    });
    expect((await client.post(`${pathOf(url)}/pay`)).statusCode).toBe(404);

    const again = await callable(client, 'createCheckoutSession', { planId: 'growth' });
    expect(again.status).toBe(409);

    const portal = await callable(client, 'createPortalSession', {});
    const portalPath = pathOf((portal.body.data as { url: string }).url);
    expect((await client.get(portalPath)).body).toContain('Cancel plan');
    const cancelled = await client.request('POST', `${portalPath}/action`, undefined);
    expect(cancelled.statusCode).toBe(400);
    const form = await t.app.inject({
      method: 'POST',
      url: `${portalPath}/action`,
      headers: {
        origin: 'http://localhost:3000',
        cookie: [...client.cookies].map(([n, v]) => `${n}=${v}`).join('; '),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'action=cancel',
    });
    expect(form.statusCode).toBe(303);

    const canceling = await usageStats(client);
    expect(canceling).toMatchObject({
      currentPlan: 'growth',
      subscriptionStatus: 'canceling',
      cancelAtPeriodEnd: true,
      remainingCredits: 75,
    });

    await advanceDays(client, 32);
    expect(await usageStats(client)).toMatchObject({
      currentPlan: 'free',
      subscriptionStatus: 'free',
      cancelAtPeriodEnd: false,
      remainingCredits: 75,
    });
    const kinds = (await ledgerOf(t, userId)).map((row) => [row.kind, row.delta]);
    expect(kinds).toEqual([
      ['grant', 5],
      ['purchase', 70],
      ['renewal', 0],
    ]);
  });

  it('shows a scheduled downgrade and a cancellation as such in the portal (issue 16)', async () => {
    const { client } = await signUpVerified(t);
    const { url } = await buy(client, 'growth');
    expect((await client.post(`${pathOf(url)}/pay`)).statusCode).toBe(303);
    const portal = await callable(client, 'createPortalSession', {});
    const portalPath = pathOf((portal.body.data as { url: string }).url);
    const act = (action: string) =>
      t.app.inject({
        method: 'POST',
        url: `${portalPath}/action`,
        headers: {
          origin: 'http://localhost:3000',
          cookie: [...client.cookies].map(([n, v]) => `${n}=${v}`).join('; '),
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: `action=${action}`,
      });
    const { renewalDate } = await usageStats(client);
    const date = new Date(renewalDate ?? '').toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });

    expect((await act('switch:starter')).statusCode).toBe(303);
    const downgraded = (await client.get(portalPath)).body;
    expect(downgraded).toContain('Current plan: Growth');
    expect(downgraded).toContain(`Growth until ${date}, then Starter`);

    expect((await act('cancel')).statusCode).toBe(303);
    expect((await client.get(portalPath)).body).toContain(`Growth until ${date}, then Free Tier`);
  });

  it('keeps "Operations this month" when a plan is bought (issue 16)', async () => {
    const { client, email } = await signUpVerified(t);
    const userId = await userIdOf(t, email);
    await t.database.db
      .updateTable('user_profile')
      .set({ operations_this_month: 4, total_operations: 4 })
      .where('user_id', '=', userId)
      .execute();
    const { url } = await buy(client, 'starter');
    expect((await client.post(`${pathOf(url)}/pay`)).statusCode).toBe(303);
    expect(await usageStats(client)).toMatchObject({
      currentPlan: 'starter',
      remainingCredits: 30,
      operationsThisMonth: 4,
      totalOperations: 4,
    });
  });

  it('cancels a checkout without charging and only lets the owner open it', async () => {
    const { client } = await signUpVerified(t);
    const { url } = await buy(client, 'starter');
    const stranger = await signUpVerified(t);
    expect((await stranger.client.get(pathOf(url))).statusCode).toBe(404);
    const cancelled = await client.post(`${pathOf(url)}/cancel`);
    expect(cancelled.headers.location).toBe('http://localhost:3000/app/billing');
    expect(await usageStats(client)).toMatchObject({ currentPlan: 'free', remainingCredits: 5 });
  });

  it('applies an upgrade at once and a downgrade at the end of the period', async () => {
    const { client } = await signUpVerified(t);
    const { url } = await buy(client, 'starter');
    await client.post(`${pathOf(url)}/pay`);
    expect(await usageStats(client)).toMatchObject({
      currentPlan: 'starter',
      remainingCredits: 30,
    });

    const portal = await callable(client, 'createCheckoutSession', { planId: 'expert' });
    const switchPath = pathOf((portal.body.data as { url: string }).url);
    // Straight to the portal's page confirming the switch to the plan chosen (issue 41).
    expect(switchPath).toMatch(/^\/api\/billing\/test-portal\/[^/]+\/switch\/expert$/);
    const portalPath = switchPath.replace(/\/switch\/expert$/, '');
    const act = (action: string) =>
      t.app.inject({
        method: 'POST',
        url: `${portalPath}/action`,
        headers: {
          origin: 'http://localhost:3000',
          cookie: [...client.cookies].map(([n, v]) => `${n}=${v}`).join('; '),
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: `action=${action}`,
      });
    // Starter's 30 unused credits carry over, and Expert adds its 175 (issue 41).
    await act('switch:expert');
    expect(await usageStats(client)).toMatchObject({
      currentPlan: 'expert',
      remainingCredits: 205,
    });

    await act('switch:growth');
    expect(await usageStats(client)).toMatchObject({
      currentPlan: 'expert',
      scheduledPlan: 'growth',
      remainingCredits: 205,
    });
    await advanceDays(client, 32);
    expect(await usageStats(client)).toMatchObject({
      currentPlan: 'growth',
      scheduledPlan: null,
      subscriptionStatus: 'active',
      remainingCredits: 205,
    });
  });
});
