import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signIn, signUpVerified, uniqueEmail } from './helpers/accounts';
import { TestClient } from './helpers/client';
import { captureLog, type CapturedLog } from './helpers/log-capture';
import { createTestApp, TEST_APP_URL, type TestApp } from './helpers/test-app';

const TOO_MANY = {
  code: 'TOO_MANY_REQUESTS',
  message: 'Too many attempts. Please wait a moment and try again.',
};

/**
 * Three failures per account from one address or session, then 429; past five failures on one
 * account from everywhere, each check waits (1 ms here, so the test does not depend on time: the
 * wait shows in the log).
 */
const LIMITS = {
  RATE_LIMIT_MAX_PER_ACCOUNT: '3',
  RATE_LIMIT_MAX_PER_IP: '100',
  RATE_LIMIT_ACCOUNT_SLOWDOWN_AFTER: '5',
  RATE_LIMIT_ACCOUNT_SLOWDOWN_MS: '1',
};

describe('password checks are throttled without locking the owner out', () => {
  let t: TestApp;
  let log: CapturedLog;
  beforeAll(async () => {
    log = captureLog();
    t = await createTestApp({ env: LIMITS, logger: log.logger });
  });
  afterAll(() => t.close());

  const wrongSignIn = (email: string, ip: string) =>
    new TestClient(t.app, undefined, ip).post('/api/auth/sign-in/email', {
      email,
      password: 'wrong-password',
    });

  const slowedFor = (email: string) =>
    log
      .entries()
      .filter(
        (entry) =>
          entry.account === email && String(entry.msg).startsWith('password check slowed by 1 ms'),
      );

  it('refuses an address that keeps guessing, while the owner signs in from their own', async () => {
    const { email } = await signUpVerified(t, uniqueEmail('guessed'));
    for (let i = 0; i < 3; i += 1)
      expect((await wrongSignIn(email, '10.1.0.1')).statusCode).toBe(401);
    const refused = await wrongSignIn(email, '10.1.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    expect(log.entries()).toContainEqual(
      expect.objectContaining({
        authEvent: 'sign-in.failed',
        email,
        ip: '10.1.0.1',
        reason: 'TOO_MANY_REQUESTS',
      }),
    );
    const attacker = new TestClient(t.app, undefined, '10.1.0.1');
    const rightFromThere = await attacker.post('/api/auth/sign-in/email', {
      email,
      password: PASSWORD,
    });
    expect(rightFromThere.statusCode).toBe(429);

    const owner = new TestClient(t.app, undefined, '10.1.0.2');
    const signedIn = await owner.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(signedIn.statusCode).toBe(200);
  });

  it('slows down guesses from many addresses, and the owner still signs in from a fresh one', async () => {
    const { email } = await signUpVerified(t, uniqueEmail('targeted'));
    const codes: number[] = [];
    for (let i = 1; i <= 10; i += 1)
      codes.push((await wrongSignIn(email, `10.2.0.${i}`)).statusCode);
    expect(codes).toEqual(Array.from({ length: 10 }, () => 401));
    // Failures 6 to 10 each waited before their check.
    expect(slowedFor(email)).toHaveLength(5);

    const owner = new TestClient(t.app, undefined, '10.2.1.1');
    const signedIn = await owner.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(signedIn.statusCode).toBe(200);
    expect((await owner.get('/api/me')).statusCode).toBe(200);
    expect(slowedFor(email)).toHaveLength(6);
  });

  it('counts the email better-auth reads, whatever the encoding of the body', async () => {
    const { email } = await signUpVerified(t, uniqueEmail('encoded'));
    const send = (payload: string, contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '10.3.0.1',
        headers: { origin: TEST_APP_URL, 'content-type': contentType },
        payload,
      });
    const json = JSON.stringify({ email: email.toUpperCase(), password: 'wrong-password' });
    const bodies: [string, string][] = [
      [`\uFEFF${json}`, 'application/json'],
      [json, 'application/json; charset=UTF-8'],
      [`\uFEFF${json}`, 'application/json'],
    ];
    for (const [payload, contentType] of bodies) {
      expect((await send(payload, contentType)).statusCode).toBe(401);
    }
    const refused = await send(`\uFEFF${json}`, 'application/json');
    expect(refused.statusCode).toBe(429);
  });

  it('throttles a wrong current password per session, and other sessions still change it', async () => {
    const { email, client } = await signUpVerified(t, uniqueEmail('session'));
    const wrong = () =>
      client.post('/api/auth/change-password', {
        currentPassword: 'not-my-password',
        newPassword: 'a-new-password-7',
      });
    for (let i = 0; i < 3; i += 1) expect((await wrong()).statusCode).toBe(400);
    expect((await wrong()).json()).toEqual(TOO_MANY);

    const { client: otherDevice } = await signIn(t, email);
    const changed = await otherDevice.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'a-new-password-7',
    });
    expect(changed.statusCode).toBe(200);
  });

  it('does not offer better-auth verify-password over HTTP', async () => {
    const { client } = await signUpVerified(t, uniqueEmail('oracle'));
    const response = await client.post('/api/auth/verify-password', { password: PASSWORD });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });
});
