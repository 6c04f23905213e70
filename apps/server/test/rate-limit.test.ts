import type { ApiError } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpVerified, uniqueEmail } from './helpers/accounts';
import { TestClient } from './helpers/client';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('rate limits (kept in the database)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { RATE_LIMIT_MAX_PER_ACCOUNT: '3', RATE_LIMIT_MAX_PER_IP: '6' },
    });
  });
  afterAll(() => t.close());

  it('answers 429 after too many failed sign-ins for one account from one IP', async () => {
    const email = uniqueEmail('limited');
    const client = new TestClient(t.app, undefined, '10.0.0.1');
    const attempt = () =>
      client.post('/api/auth/sign-in/email', { email, password: 'wrong-password' });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many attempts. Please wait a moment and try again.',
    });
    const counted = await t.database.db
      .selectFrom('rate_limit')
      .select('count')
      .where('key', '=', `failures:sign-in:${email}:ip:10.0.0.1`)
      .executeTakeFirstOrThrow();
    expect(counted.count).toBe(4);
  });

  it('answers 429 after too many attempts from one IP, whatever the email', async () => {
    const client = new TestClient(t.app, undefined, '10.0.1.1');
    for (let i = 0; i < 6; i += 1) {
      const response = await client.post('/api/auth/request-password-reset', {
        email: uniqueEmail('ip'),
      });
      expect(response.statusCode).toBe(200);
    }
    const limited = await client.post('/api/auth/request-password-reset', {
      email: uniqueEmail('ip'),
    });
    expect(limited.statusCode).toBe(429);
    const otherIp = new TestClient(t.app, undefined, '10.0.1.2');
    expect(
      (await otherIp.post('/api/auth/request-password-reset', { email: uniqueEmail('ip') }))
        .statusCode,
    ).toBe(200);
  });

  it('limits change-email per account', async () => {
    const { client } = await signUpVerified(t, uniqueEmail('mover'));
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await client.post('/api/account/change-email', {
        currentPassword: 'wrong-password',
        newEmail: uniqueEmail('target'),
      });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429]);
    const last = await client.post('/api/account/change-email', {
      currentPassword: PASSWORD,
      newEmail: uniqueEmail('x'),
    });
    expect(last.json<ApiError>().code).toBe('TOO_MANY_REQUESTS');
  });
});
