import type { ApiError } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signIn, signUpVerified, uniqueEmail } from './helpers/accounts';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('delete account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function rowsOf(userId: string) {
    const { db } = t.database;
    const count = async (query: Promise<unknown[]>) => (await query).length;
    return {
      user: await count(db.selectFrom('user').select('id').where('id', '=', userId).execute()),
      session: await count(
        db.selectFrom('session').select('id').where('user_id', '=', userId).execute(),
      ),
      account: await count(
        db.selectFrom('account').select('id').where('user_id', '=', userId).execute(),
      ),
      profile: await count(
        db.selectFrom('user_profile').select('user_id').where('user_id', '=', userId).execute(),
      ),
      ledger: await count(
        db.selectFrom('credit_ledger').select('id').where('user_id', '=', userId).execute(),
      ),
      verification: await count(
        db.selectFrom('verification').select('id').where('value', '=', userId).execute(),
      ),
    };
  }

  it('refuses a wrong password and deletes nothing', async () => {
    const { client } = await signUpVerified(t, uniqueEmail('keep'));
    const response = await client.post('/api/account/delete', { password: 'not-my-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json<ApiError>().code).toBe('WRONG_CURRENT_PASSWORD');
    expect((await client.get('/api/me')).statusCode).toBe(200);
  });

  it('removes the user and everything of theirs, and signs the browser out', async () => {
    const { email, client } = await signUpVerified(t, uniqueEmail('gone'));
    await signIn(t, email);
    await client.post('/api/auth/request-password-reset', { email });
    const user = await t.database.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(await rowsOf(user.id)).toMatchObject({
      user: 1,
      session: 2,
      account: 1,
      profile: 1,
      ledger: 1,
      verification: 1,
    });

    const response = await client.post('/api/account/delete', { password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(String(response.headers['set-cookie'])).toMatch(
      /better-auth\.session_token=;.*Max-Age=0/,
    );
    expect(client.cookies.size).toBe(0);
    expect(await rowsOf(user.id)).toEqual({
      user: 0,
      session: 0,
      account: 0,
      profile: 0,
      ledger: 0,
      verification: 0,
    });
    expect((await signIn(t, email)).response.statusCode).toBe(401);
  });
});
