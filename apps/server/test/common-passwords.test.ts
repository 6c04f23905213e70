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
import { createTestApp, type TestApp } from './helpers/test-app';

const TOO_COMMON = {
  code: 'PASSWORD_TOO_COMMON',
  message: 'This password is one of the most common and easy to guess. Please choose another one.',
};

describe('the most common passwords are refused', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('at sign-up, with the catalogue message, and no account is made', async () => {
    const email = uniqueEmail('common');
    const response = await new TestClient(t.app).post('/api/auth/sign-up/email', {
      name: 'Common',
      email,
      password: 'Password1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(TOO_COMMON);
    expect(lastMailTo(t, email)).toBeUndefined();
    const users = await t.database.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(users).toHaveLength(0);
  });

  it('keeps the brief minimum and its message', async () => {
    const response = await new TestClient(t.app).post('/api/auth/sign-up/email', {
      name: 'Short',
      email: uniqueEmail('short'),
      password: 'abc',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'PASSWORD_TOO_SHORT',
      message: 'Password must be at least 6 characters',
    });
  });

  it('when changing the password, which stays as it was', async () => {
    const { email, client } = await signUpVerified(t, uniqueEmail('changer'));
    const response = await client.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'qwerty123',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(TOO_COMMON);
    expect((await signIn(t, email, PASSWORD)).response.statusCode).toBe(200);
  });

  it('when resetting it, and the link still works for a better one', async () => {
    const { email } = await signUpVerified(t, uniqueEmail('resetter'));
    await new TestClient(t.app).post('/api/auth/request-password-reset', { email });
    const token = tokenIn(lastMailTo(t, email, /Reset your Reframe password/));
    const browser = new TestClient(t.app);
    const refused = await browser.post('/api/auth/reset-password', {
      token,
      newPassword: 'iloveyou',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(TOO_COMMON);
    const reset = await browser.post('/api/auth/reset-password', {
      token,
      newPassword: 'after-reset-9',
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(t, email, 'after-reset-9')).response.statusCode).toBe(200);
  });
});
