import type { ApiError, MeResponse } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lastMailTo,
  mailsTo,
  PASSWORD,
  signIn,
  signUp,
  signUpVerified,
  tokenIn,
  uniqueEmail,
} from './helpers/accounts';
import { getCredentialPasswordHash } from '../src/account/account.repo';
import { TestClient } from './helpers/client';
import { createTestApp, TEST_APP_URL, type TestApp } from './helpers/test-app';

describe('sign-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates the profile with 5 credits, a ledger grant, and mails a verification link', async () => {
    const email = uniqueEmail('new');
    const { client } = await signUp(t, email, 'Ada Lovelace');

    const mail = lastMailTo(t, email, /Verify your email/);
    expect(mail?.text).toContain(`${TEST_APP_URL}/__/auth/action?mode=verifyEmail&oobCode=`);
    expect(mail?.text).toContain(
      `continueUrl=${encodeURIComponent(`${TEST_APP_URL}/verify-success`)}`,
    );
    expect(mail?.html).toContain('Reframe');
    // Sign-up does not sign in (so it answers the same for an existing email).
    expect((await client.get('/api/me')).statusCode).toBe(401);

    const user = await t.database.db
      .selectFrom('user')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const profile = await t.database.db
      .selectFrom('user_profile')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({
      email,
      display_name: 'Ada Lovelace',
      credits: 5,
      total_operations: 0,
      operations_this_month: 0,
      subscription_status: 'free',
    });
    const ledger = await t.database.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(ledger).toEqual([
      expect.objectContaining({
        delta: 5,
        kind: 'grant',
        idempotency_key: `signup:${user.id}`,
        balance_after: 5,
      }),
    ]);
  });

  it("stores the password as scrypt, at OWASP's cost anywhere but the tests' own servers", async () => {
    const storedHash = async (app: TestApp, email: string) => {
      const user = await app.database.db
        .selectFrom('user')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return getCredentialPasswordHash(app.database.db, user.id);
    };
    const email = uniqueEmail('cost');
    await signUp(t, email);
    expect(await storedHash(t, email)).toMatch(/^scrypt\$1024\$8\$1\$/);

    const development = await createTestApp({ env: { NODE_ENV: 'development' } });
    try {
      await signUp(development, email);
      expect(await storedHash(development, email)).toMatch(/^scrypt\$32768\$8\$3\$/);
      const { response } = await signIn(development, email);
      expect(response.statusCode).toBe(200);
    } finally {
      await development.close();
    }
  });

  it('uses the part of the email before @ as display name when no name is given', async () => {
    const email = uniqueEmail('noname');
    const { client } = await signUpVerified(t, email, '');
    const me = await client.get('/api/me');
    expect(me.json<MeResponse>().settings.displayName).toBe(email.split('@')[0]);
  });

  it('answers a duplicate email exactly like a new one and tells the owner by mail', async () => {
    const email = uniqueEmail('dup');
    const first = await new TestClient(t.app).post('/api/auth/sign-up/email', {
      name: 'A',
      email,
      password: PASSWORD,
    });
    const second = await new TestClient(t.app).post('/api/auth/sign-up/email', {
      name: 'A',
      email,
      password: 'another-password',
    });
    expect(second.statusCode).toBe(first.statusCode);
    expect(Object.keys(second.json()).sort()).toEqual(Object.keys(first.json()).sort());
    const body = second.json<{ token: string | null; user: { email: string } }>();
    expect(body.user.email).toBe(email);
    expect(body.token).toBeNull();
    expect(second.cookies).toEqual(first.cookies);
    expect(mailsTo(t, email).map((m) => m.subject)).toEqual([
      'Someone tried to sign up for Reframe with your email',
      'Verify your email for Reframe',
    ]);
    const users = await t.database.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(users).toHaveLength(1);
  });

  it('rejects a short password with the brief message', async () => {
    const response = await new TestClient(t.app).post('/api/auth/sign-up/email', {
      name: 'Short',
      email: uniqueEmail('short'),
      password: '12345',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'PASSWORD_TOO_SHORT',
      message: 'Password must be at least 6 characters',
    });
  });

  it('refuses a sign-up posted from another site', async () => {
    const response = await new TestClient(t.app, 'https://evil.example').post(
      '/api/auth/sign-up/email',
      {
        name: 'Evil',
        email: uniqueEmail('evil'),
        password: PASSWORD,
      },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json<ApiError>().code).toBe('INVALID_ORIGIN');
  });

  it('keeps /api/me for signed-in sessions: 401 without one', async () => {
    const response = await new TestClient(t.app).get('/api/me');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'Please sign in to continue',
    });
  });

  it('mails a token the verification link can use', async () => {
    const email = uniqueEmail('tok');
    await signUp(t, email);
    expect(tokenIn(lastMailTo(t, email)).split('.')).toHaveLength(3);
  });
});
