import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, PASSWORD, signUp, tokenIn, uniqueEmail } from './helpers/accounts';
import { TestClient } from './helpers/client';
import { captureLog, type CapturedLog } from './helpers/log-capture';
import { createTestApp, type TestApp } from './helpers/test-app';

const NEW_PASSWORD = 'brand-new-password-2';

describe('the log of a sign-up and a password reset', () => {
  let t: TestApp;
  let log: CapturedLog;
  beforeAll(async () => {
    log = captureLog();
    t = await createTestApp({ logger: log.logger });
  });
  afterAll(() => t.close());

  it('holds the requests and the mails, and none of their tokens or passwords', async () => {
    const { client, email } = await signUp(t, uniqueEmail('logged'));
    const verifyToken = tokenIn(lastMailTo(t, email, /Verify/));
    expect((await client.get(`/api/auth/verify-email?token=${verifyToken}`)).statusCode).toBe(200);

    await new TestClient(t.app).post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/forgot-password',
    });
    const resetToken = tokenIn(lastMailTo(t, email, /Reset your Reframe password/));
    const browser = new TestClient(t.app);
    // The emailed link (a page of the web app), better-auth's own form of it, then the reset.
    await browser.get(`/forgot-password?token=${resetToken}`);
    await browser.get(`/api/auth/reset-password/${resetToken}?callbackURL=%2Fforgot-password`);
    const reset = await browser.post('/api/auth/reset-password', {
      token: resetToken,
      newPassword: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);

    const text = log.text();
    expect(text).toContain('"url":"/api/auth/verify-email"');
    expect(text).toContain('"url":"/forgot-password"');
    expect(text).toContain('"url":"/api/auth/reset-password/[redacted]"');
    expect(text).toContain('"subject":"Reset your Reframe password"');
    for (const secret of [verifyToken, resetToken, PASSWORD, NEW_PASSWORD]) {
      expect(text).not.toContain(secret);
    }
  });
});
