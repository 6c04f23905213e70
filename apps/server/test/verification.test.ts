import type { ApiError, MeResponse } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, signIn, signUp, tokenIn, uniqueEmail } from './helpers/accounts';
import { TestClient } from './helpers/client';
import { signEmailToken } from './helpers/jwt';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('email verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('verifies with the mailed code and signs the browser in', async () => {
    const email = uniqueEmail('verify');
    await signUp(t, email);
    const browser = new TestClient(t.app);
    const response = await browser.get(
      `/api/auth/verify-email?token=${tokenIn(lastMailTo(t, email))}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: true });
    const me = await browser.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json<MeResponse>().user).toMatchObject({ email, emailVerified: true });
  });

  it('refuses a link used a second time', async () => {
    const email = uniqueEmail('reuse');
    await signUp(t, email);
    const token = tokenIn(lastMailTo(t, email));
    expect(
      (await new TestClient(t.app).get(`/api/auth/verify-email?token=${token}`)).statusCode,
    ).toBe(200);
    const again = await new TestClient(t.app).get(`/api/auth/verify-email?token=${token}`);
    // Issue 16: the second opening says what happened, and signs nobody in.
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'EMAIL_ALREADY_VERIFIED',
      message: 'This email address is already verified. You can sign in.',
    });
    expect(again.cookies).toEqual([]);
  });

  it('keeps a link used once when its redirect form answered with a redirect', async () => {
    const email = uniqueEmail('redirected');
    await signUp(t, email);
    const token = tokenIn(lastMailTo(t, email));
    const first = await new TestClient(t.app).get(
      `/api/auth/verify-email?token=${token}&callbackURL=%2Fverify-success`,
    );
    expect(first.statusCode).toBe(302);
    for (const query of [`token=${token}&callbackURL=%2Fverify-success`, `token=${token}`]) {
      const again = await new TestClient(t.app).get(`/api/auth/verify-email?${query}`);
      expect(again.statusCode).toBe(409);
      expect(again.json<ApiError>().code).toBe('EMAIL_ALREADY_VERIFIED');
      expect(again.cookies).toEqual([]);
    }
  });

  it('gives a link back when its redirect form redirected with an error', async () => {
    const email = uniqueEmail('redirect-forged');
    await signUp(t, email);
    await new TestClient(t.app).get(
      `/api/auth/verify-email?token=${tokenIn(lastMailTo(t, email))}`,
    );
    // A forged link for a verified address says nothing about the address, however often opened.
    const forged = signEmailToken({ email }, { secret: 'not-the-server-secret-at-all-000000' });
    for (let opening = 0; opening < 2; opening += 1) {
      const response = await new TestClient(t.app).get(
        `/api/auth/verify-email?token=${forged}&callbackURL=%2Fverify-success`,
      );
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/verify-success?error=INVALID_TOKEN');
    }
  });

  it('refuses an expired link and leaves the account unverified', async () => {
    const email = uniqueEmail('expired');
    await signUp(t, email);
    const expired = signEmailToken({ email }, { expiresInSeconds: -60 });
    const response = await new TestClient(t.app).get(`/api/auth/verify-email?token=${expired}`);
    expect(response.statusCode).toBe(401);
    expect(response.json<ApiError>().code).toBe('VERIFICATION_LINK_INVALID_OR_EXPIRED');
    const user = await t.database.db
      .selectFrom('user')
      .select('email_verified')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(Boolean(user.email_verified)).toBe(false);
  });

  it('refuses forged and garbage codes', async () => {
    const email = uniqueEmail('forged');
    await signUp(t, email);
    const forged = signEmailToken({ email }, { secret: 'not-the-server-secret-at-all-000000' });
    for (const token of [forged, 'garbage']) {
      const response = await new TestClient(t.app).get(`/api/auth/verify-email?token=${token}`);
      expect(response.statusCode).toBe(401);
      expect(response.json<ApiError>().code).toBe('VERIFICATION_LINK_INVALID_OR_EXPIRED');
    }
  });

  it('resends a new link to a signed-in unverified user and answers the same for unknown emails', async () => {
    const email = uniqueEmail('resend');
    await signUp(t, email);
    const { client } = await signIn(t, email);
    const before = lastMailTo(t, email);
    const resent = await client.post('/api/auth/send-verification-email', { email });
    expect(resent.statusCode).toBe(200);
    const after = lastMailTo(t, email);
    expect(after).not.toBe(before);
    expect(tokenIn(after)).not.toBe('');
    const unknown = await new TestClient(t.app).post('/api/auth/send-verification-email', {
      email: uniqueEmail('nobody'),
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(resent.json());
  });
});
