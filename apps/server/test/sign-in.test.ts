import type { ApiError, MeResponse } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUser, requireVerifiedUser } from '../src/auth/guards';
import { PASSWORD, signIn, signUp, signUpVerified, uniqueEmail } from './helpers/accounts';
import { TestClient } from './helpers/client';
import { createTestApp, PRODUCTION_ENV, type TestApp } from './helpers/test-app';

const APP_ONLY = '/api/test/app-only';

describe('sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      extend: (app) =>
        app.get(APP_ONLY, { preHandler: [requireVerifiedUser] }, (request) => ({
          id: currentUser(request).id,
        })),
    });
  });
  afterAll(() => t.close());

  it('signs a verified user in with an HttpOnly SameSite=Lax session cookie', async () => {
    const { email } = await signUpVerified(t, uniqueEmail('in'));
    const { client, response } = await signIn(t, email);
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/better-auth\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);
    const me = await client.get('/api/me');
    expect(me.json<MeResponse>().settings).toMatchObject({
      email,
      credits: 5,
      subscriptionStatus: 'free',
    });
    expect((await client.get(APP_ONLY)).statusCode).toBe(200);
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const { email } = await signUpVerified(t, uniqueEmail('wrong'));
    const wrong = (await signIn(t, email, 'not-my-password')).response;
    const unknown = (await signIn(t, uniqueEmail('unknown'), PASSWORD)).response;
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password',
    });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.cookies).toEqual([]);
  });

  it('gives an unverified user a session for /verify-email but keeps them out of /app APIs', async () => {
    const { email } = await signUp(t, uniqueEmail('unverified'));
    const { client, response } = await signIn(t, email);
    expect(response.statusCode).toBe(200);
    const me = await client.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json<MeResponse>().user).toMatchObject({ email, emailVerified: false });
    const app = await client.get(APP_ONLY);
    expect(app.statusCode).toBe(403);
    expect(app.json<ApiError>().code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('keeps /app APIs from visitors without a session', async () => {
    const response = await new TestClient(t.app).get(APP_ONLY);
    expect(response.statusCode).toBe(401);
    expect(response.json<ApiError>().code).toBe('UNAUTHENTICATED');
  });

  it('signs out and the session stops working', async () => {
    const { client } = await signUpVerified(t, uniqueEmail('out'));
    expect((await client.get('/api/me')).statusCode).toBe(200);
    expect((await client.post('/api/auth/sign-out')).statusCode).toBe(200);
    expect((await client.get('/api/me')).statusCode).toBe(401);
  });

  it('refuses a state-changing request with a session cookie from another origin', async () => {
    const { client } = await signUpVerified(t, uniqueEmail('csrf'));
    const evil = new TestClient(t.app, 'https://evil.example');
    for (const [name, value] of client.cookies) evil.cookies.set(name, value);
    const response = await evil.post('/api/auth/sign-out');
    expect(response.statusCode).toBe(403);
    expect((await client.get('/api/me')).statusCode).toBe(200);
  });

  it('refuses it too when the path is percent-encoded, which the router decodes', async () => {
    const { client } = await signUpVerified(t, uniqueEmail('encoded'));
    const evil = new TestClient(t.app, 'https://evil.example');
    for (const [name, value] of client.cookies) evil.cookies.set(name, value);
    const response = await evil.post('/%61pi/account/delete', { password: PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'INVALID_ORIGIN',
      message: 'This request did not come from the Reframe site',
    });
    expect((await client.get('/api/me')).statusCode).toBe(200);
  });
});

describe('sign-in in production', () => {
  it('marks the session cookie Secure', async () => {
    const t = await createTestApp({ env: PRODUCTION_ENV });
    try {
      const { email } = await signUp(t, uniqueEmail('prod'));
      const { response } = await signIn(t, email);
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['set-cookie'])).toMatch(
        /__Secure-better-auth\.session_token=.*Secure/i,
      );
    } finally {
      await t.close();
    }
  });
});
