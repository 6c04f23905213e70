import type { SiteConfig } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../helpers/accounts';
import { createStripeTestApp, payTestCheckout } from '../helpers/checkout';
import { TestClient } from '../helpers/client';
import { createTestApp, PRODUCTION_ENV, type TestApp } from '../helpers/test-app';
import { callable, pathOf, usageStats } from './billing-helpers';

/** Which payments run, what every page is told about it, and who may use the test-mode pages. */

async function siteConfig(t: TestApp): Promise<SiteConfig> {
  const response = await new TestClient(t.app).get('/api/site-config');
  expect(response.statusCode).toBe(200);
  return response.json<SiteConfig>();
}

describe('a production deployment declared a demo (PAYMENTS_DEMO_MODE=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: PRODUCTION_ENV });
  });
  afterAll(() => t.close());

  it('tells every page it is a demo and runs the simulated checkout', async () => {
    expect(await siteConfig(t)).toMatchObject({ paymentsDemo: true });
    const { client } = await signUpVerified(t);
    await payTestCheckout(client, 'starter');
    expect(await usageStats(client)).toMatchObject({ currentPlan: 'starter' });
  });
});

describe('test mode outside production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is no demo', async () => {
    expect(await siteConfig(t)).toMatchObject({ paymentsDemo: false });
  });

  it("refuses another user's portal session, to read or to act on", async () => {
    const owner = await signUpVerified(t);
    await payTestCheckout(owner.client, 'growth');
    const { body } = await callable(owner.client, 'createPortalSession', {});
    const portalPath = pathOf((body.data as { url: string }).url);

    const stranger = await signUpVerified(t);
    const page = await stranger.client.get(portalPath);
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('Cancel plan');
    const act = await t.app.inject({
      method: 'POST',
      url: `${portalPath}/action`,
      headers: {
        origin: 'http://localhost:3000',
        cookie: [...stranger.client.cookies].map(([n, v]) => `${n}=${v}`).join('; '),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'action=cancel',
    });
    expect(act.statusCode).toBe(404);
    expect(await usageStats(owner.client)).toMatchObject({
      currentPlan: 'growth',
      cancelAtPeriodEnd: false,
    });
    expect((await owner.client.get(portalPath)).body).toContain('Cancel plan');
  });
});

describe('with Stripe', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createStripeTestApp();
  });
  afterAll(() => t.close());

  it('has no test-mode checkout, portal or billing clock', async () => {
    expect(await siteConfig(t)).toMatchObject({ paymentsDemo: false });
    const { client } = await signUpVerified(t);
    for (const path of [
      '/api/billing/test-checkout/cs_test_x',
      '/api/billing/test-portal/bps_test_x',
    ]) {
      const response = await new TestClient(t.app).get(path);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    }
    expect((await client.post('/api/billing/test-checkout/cs_test_x/pay')).statusCode).toBe(404);
    expect((await client.post('/api/dev/billing/advance-clock', { days: 1 })).statusCode).toBe(404);
  });
});
