import type { ApiError } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lastMailTo,
  PASSWORD,
  signIn,
  signUpVerified,
  tokenIn,
  uniqueEmail,
} from './helpers/accounts';
import { TestClient } from './helpers/client';
import { createTestApp, TEST_APP_URL, type TestApp } from './helpers/test-app';

const NEW_PASSWORD = 'brand-new-password-2';

describe('reset password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('mails a /forgot-password link, sets the new password and ends every old session', async () => {
    const { email, client: oldSession } = await signUpVerified(t, uniqueEmail('reset'));
    const request = await new TestClient(t.app).post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/forgot-password',
    });
    expect(request.statusCode).toBe(200);
    const mail = lastMailTo(t, email, /Reset your Reframe password/);
    expect(mail?.text).toContain(`${TEST_APP_URL}/forgot-password?token=`);
    expect(mail?.html).toContain('Reframe');

    const reset = await new TestClient(t.app).post('/api/auth/reset-password', {
      token: tokenIn(mail),
      newPassword: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect((await oldSession.get('/api/me')).statusCode).toBe(401);
    expect((await signIn(t, email, PASSWORD)).response.statusCode).toBe(401);
    expect((await signIn(t, email, NEW_PASSWORD)).response.statusCode).toBe(200);

    const reused = await new TestClient(t.app).post('/api/auth/reset-password', {
      token: tokenIn(mail),
      newPassword: 'yet-another-password',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      code: 'RESET_LINK_INVALID_OR_EXPIRED',
      message: 'This password reset link is invalid or has expired',
    });
  });

  it('answers an unknown email exactly like a known one, and sends nothing', async () => {
    const { email } = await signUpVerified(t, uniqueEmail('known'));
    const known = await new TestClient(t.app).post('/api/auth/request-password-reset', { email });
    const unknownEmail = uniqueEmail('unknown');
    const unknown = await new TestClient(t.app).post('/api/auth/request-password-reset', {
      email: unknownEmail,
    });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(lastMailTo(t, unknownEmail)).toBeUndefined();
  });

  it('refuses a forged token', async () => {
    const response = await new TestClient(t.app).post('/api/auth/reset-password', {
      token: 'forged-token-000000000000',
      newPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().code).toBe('RESET_LINK_INVALID_OR_EXPIRED');
  });
});

describe('change password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a wrong current password and keeps the old one', async () => {
    const { email, client } = await signUpVerified(t, uniqueEmail('wrongcur'));
    const response = await client.post('/api/auth/change-password', {
      currentPassword: 'not-my-password',
      newPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'WRONG_CURRENT_PASSWORD',
      message: 'The current password is incorrect',
    });
    expect((await signIn(t, email, PASSWORD)).response.statusCode).toBe(200);
  });

  it('changes it, keeps this browser signed in and ends the other sessions even if asked not to', async () => {
    const { email, client } = await signUpVerified(t, uniqueEmail('change'));
    const { client: otherDevice } = await signIn(t, email);
    expect((await otherDevice.get('/api/me')).statusCode).toBe(200);

    const response = await client.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      revokeOtherSessions: false,
    });
    expect(response.statusCode).toBe(200);
    expect((await client.get('/api/me')).statusCode).toBe(200);
    expect((await otherDevice.get('/api/me')).statusCode).toBe(401);
    expect((await signIn(t, email, NEW_PASSWORD)).response.statusCode).toBe(200);
    expect((await signIn(t, email, PASSWORD)).response.statusCode).toBe(401);
  });
});
