import type { ApiError, MeResponse } from '@reframe/shared';
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

describe('change email', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a wrong current password and sends nothing', async () => {
    const { client } = await signUpVerified(t, uniqueEmail('wrongpw'));
    const newEmail = uniqueEmail('target');
    const response = await client.post('/api/account/change-email', {
      currentPassword: 'not-my-password',
      newEmail,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'WRONG_CURRENT_PASSWORD',
      message: 'The current password is incorrect',
    });
    expect(lastMailTo(t, newEmail)).toBeUndefined();
  });

  it('mails a link to the new address and changes the email only when it is opened', async () => {
    const { email, client } = await signUpVerified(t, uniqueEmail('old'));
    const newEmail = uniqueEmail('new');
    const response = await client.post('/api/account/change-email', {
      currentPassword: PASSWORD,
      newEmail,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: `We sent a confirmation link to ${newEmail}. Open it to finish the change.`,
    });

    const mail = lastMailTo(t, newEmail, /Confirm your new email/);
    expect(mail?.text).toContain(`${TEST_APP_URL}/__/auth/action?mode=verifyEmail&oobCode=`);
    expect((await client.get('/api/me')).json<MeResponse>().user.email).toBe(email);

    const opened = await client.get(`/api/auth/verify-email?token=${tokenIn(mail)}`);
    expect(opened.statusCode).toBe(200);
    const me = (await client.get('/api/me')).json<MeResponse>();
    expect(me.user).toMatchObject({ email: newEmail, emailVerified: true });
    expect(me.settings.email).toBe(newEmail);
    expect((await signIn(t, newEmail)).response.statusCode).toBe(200);
    expect((await signIn(t, email)).response.statusCode).toBe(401);
  });

  it('answers the same when the new address already has an account, without mailing it', async () => {
    const { email: taken } = await signUpVerified(t, uniqueEmail('taken'));
    const before = lastMailTo(t, taken);
    const { client } = await signUpVerified(t, uniqueEmail('mover'));
    const response = await client.post('/api/account/change-email', {
      currentPassword: PASSWORD,
      newEmail: taken,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: `We sent a confirmation link to ${taken}. Open it to finish the change.`,
    });
    expect(lastMailTo(t, taken)).toBe(before);
  });

  it('validates the input with catalogue messages', async () => {
    const { email, client } = await signUpVerified(t, uniqueEmail('validate'));
    const empty = await client.post('/api/account/change-email', {
      currentPassword: '',
      newEmail: '',
    });
    expect(empty.json()).toEqual({ code: 'FILL_ALL_FIELDS', message: 'Please fill in all fields' });
    const invalid = await client.post('/api/account/change-email', {
      currentPassword: PASSWORD,
      newEmail: 'nope',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<ApiError>().code).toBe('INVALID_EMAIL');
    const same = await client.post('/api/account/change-email', {
      currentPassword: PASSWORD,
      newEmail: email,
    });
    expect(same.json<ApiError>().code).toBe('SAME_EMAIL');
  });

  it("blocks better-auth's own endpoint, which would skip the password", async () => {
    const { client } = await signUpVerified(t, uniqueEmail('direct'));
    const newEmail = uniqueEmail('direct-target');
    const response = await client.post('/api/auth/change-email', { newEmail });
    expect(response.statusCode).toBe(404);
    expect(lastMailTo(t, newEmail)).toBeUndefined();
  });

  it('needs a session', async () => {
    const response = await new TestClient(t.app).post('/api/account/change-email', {
      currentPassword: PASSWORD,
      newEmail: uniqueEmail('anon'),
    });
    expect(response.statusCode).toBe(401);
  });
});
