import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from './helpers/accounts';
import { TestClient } from './helpers/client';
import { createTestApp, type TestApp } from './helpers/test-app';

/** The dev mailbox and the billing clock: on only behind the dev switch, for loopback clients. */

async function withApp(env: Record<string, string>, check: (t: TestApp) => Promise<void>) {
  const t = await createTestApp({ env });
  try {
    await check(t);
  } finally {
    await t.close();
  }
}

const advanceClock = (client: TestClient) =>
  client.post('/api/dev/billing/advance-clock', { days: 1 });

describe('dev routes on localhost (npm start with no settings)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answer a client on this machine; the clock only when signed in', async () => {
    expect((await new TestClient(t.app).get('/api/dev/mail')).statusCode).toBe(200);
    expect((await new TestClient(t.app, undefined, '::1').get('/dev/mail')).statusCode).toBe(200);
    const anonymous = await advanceClock(new TestClient(t.app));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'Please sign in to continue',
    });
    const { client } = await signUpVerified(t);
    expect((await advanceClock(client)).statusCode).toBe(200);
  });

  it('are not there for a client on another machine, or one a proxy forwarded', async () => {
    const remote = new TestClient(t.app, undefined, '203.0.113.9');
    expect((await remote.get('/api/dev/mail')).statusCode).toBe(404);
    expect((await remote.get('/api/dev/mail')).json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Not found',
    });
    expect((await remote.get('/dev/mail')).body).not.toContain('Dev mailbox');
    const { client } = await signUpVerified(t);
    const fromAfar = new TestClient(t.app, undefined, '203.0.113.9');
    for (const [name, value] of client.cookies) fromAfar.cookies.set(name, value);
    expect((await advanceClock(fromAfar)).statusCode).toBe(404);

    const proxied = await t.app.inject({
      method: 'GET',
      url: '/api/dev/mail',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(404);
  });
});

describe('dev routes off localhost', () => {
  it('are off with a public APP_URL and no DEV_ROUTES, whatever NODE_ENV says', async () => {
    for (const NODE_ENV of ['development', 'test']) {
      await withApp({ NODE_ENV, APP_URL: 'http://staging.example.com' }, async (t) => {
        const client = new TestClient(t.app, 'http://staging.example.com');
        expect((await client.get('/api/dev/mail')).statusCode).toBe(404);
        expect((await client.get('/dev/mail')).statusCode).toBe(404);
        expect((await advanceClock(client)).statusCode).toBe(404);
      });
    }
  });

  it('are on with DEV_ROUTES=true, still for loopback clients only', async () => {
    await withApp({ APP_URL: 'http://staging.example.com', DEV_ROUTES: 'true' }, async (t) => {
      const local = new TestClient(t.app, 'http://staging.example.com');
      expect((await local.get('/api/dev/mail')).statusCode).toBe(200);
      const remote = new TestClient(t.app, 'http://staging.example.com', '198.51.100.4');
      expect((await remote.get('/api/dev/mail')).statusCode).toBe(404);
    });
  });
});
