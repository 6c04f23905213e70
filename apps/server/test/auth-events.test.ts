import type { MeResponse } from '@reframe/shared';
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
import { captureLog, type CapturedLog } from './helpers/log-capture';
import { createTestApp, type TestApp } from './helpers/test-app';

const AFTER_RESET = 'after-reset-9';
const CHANGED = 'brand-new-password-2';
const EMAIL_CHANGED = /The email address of your Reframe account was changed/;

describe('authentication events', () => {
  let t: TestApp;
  let log: CapturedLog;
  beforeAll(async () => {
    log = captureLog();
    t = await createTestApp({ logger: log.logger });
  });
  afterAll(() => t.close());

  const eventsOf = (userId: string, email: string) =>
    log
      .entries()
      .filter((entry) => entry.authEvent && (entry.userId === userId || entry.email === email))
      .map(({ authEvent, userId: id, email: typed, ip, reason }) => ({
        authEvent,
        ...(id ? { userId: id } : {}),
        ...(typed ? { email: typed } : {}),
        ...(ip ? { ip } : {}),
        ...(reason ? { reason } : {}),
      }));

  /** Changes the email of a signed-in browser to a new address and opens the confirmation. */
  async function changeEmail(client: TestClient, currentPassword: string) {
    const newEmail = uniqueEmail('moved');
    const asked = await client.post('/api/account/change-email', { currentPassword, newEmail });
    expect(asked.statusCode).toBe(200);
    const token = tokenIn(lastMailTo(t, newEmail, /Confirm your new email/));
    expect((await client.get(`/api/auth/verify-email?token=${token}`)).statusCode).toBe(200);
    return newEmail;
  }

  it('logs each one as a structured line, without passwords or tokens', async () => {
    const { email, client } = await signUpVerified(t, uniqueEmail('audited'));
    const userId = (await client.get('/api/me')).json<MeResponse>().user.id;

    expect((await signIn(t, email, 'wrong-password')).response.statusCode).toBe(401);
    expect((await signIn(t, email)).response.statusCode).toBe(200);
    await new TestClient(t.app).post('/api/auth/request-password-reset', { email });
    const resetToken = tokenIn(lastMailTo(t, email, /Reset your Reframe password/));
    const reset = await new TestClient(t.app).post('/api/auth/reset-password', {
      token: resetToken,
      newPassword: AFTER_RESET,
    });
    expect(reset.statusCode).toBe(200);
    const { client: session } = await signIn(t, email, AFTER_RESET);
    const changed = await session.post('/api/auth/change-password', {
      currentPassword: AFTER_RESET,
      newPassword: CHANGED,
    });
    expect(changed.statusCode).toBe(200);
    await changeEmail(session, CHANGED);
    expect((await session.post('/api/account/delete', { password: CHANGED })).statusCode).toBe(200);

    const ip = '127.0.0.1';
    expect(eventsOf(userId, email)).toEqual([
      { authEvent: 'sign-in.failed', email, ip, reason: 'INVALID_EMAIL_OR_PASSWORD' },
      { authEvent: 'sign-in.succeeded', userId, ip },
      { authEvent: 'password-reset.requested', email, ip },
      { authEvent: 'password-reset.completed', userId },
      { authEvent: 'sign-in.succeeded', userId, ip },
      { authEvent: 'password.changed', userId, ip },
      { authEvent: 'email.changed', userId },
      { authEvent: 'account.deleted', userId, ip },
    ]);
    const text = log.text();
    for (const secret of [PASSWORD, AFTER_RESET, CHANGED, resetToken]) {
      expect(text).not.toContain(secret);
    }
  });

  it('tells the previous address when the email has changed, and only then', async () => {
    const { email, client } = await signUpVerified(t, uniqueEmail('previous'));
    const newEmail = uniqueEmail('next');
    await client.post('/api/account/change-email', { currentPassword: PASSWORD, newEmail });
    expect(lastMailTo(t, email, EMAIL_CHANGED)).toBeUndefined();

    const token = tokenIn(lastMailTo(t, newEmail, /Confirm your new email/));
    expect((await client.get(`/api/auth/verify-email?token=${token}`)).statusCode).toBe(200);
    const notice = lastMailTo(t, email, EMAIL_CHANGED);
    expect(notice?.text).toContain(
      `The email address of your Reframe account was just changed to ${newEmail}.`,
    );
    expect(notice?.text).toContain("If you didn't make this change");
    expect(notice?.html).toContain(newEmail);
    expect(notice?.text).not.toMatch(/https?:\/\//);
    expect(lastMailTo(t, newEmail, EMAIL_CHANGED)).toBeUndefined();
  });
});
