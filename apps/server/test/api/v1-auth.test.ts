import type { V1Error } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog, type CapturedLog } from '../helpers/log-capture';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expertOwner } from '../helpers/team';
import { photo } from '../resizer/images';
import { createKey, postExpansion, v1 } from './api-client';

function expectUnauthorized(response: { statusCode: number; json: <T>() => T }) {
  expect(response.statusCode).toBe(401);
  expect(response.json<V1Error>().error.code).toBe('unauthorized');
  expect(response.json<V1Error>().error.message).toMatch(/Bearer/);
}

describe('/v1 keys (issue 30)', () => {
  let t: TestApp;
  let log: CapturedLog;
  beforeAll(async () => {
    log = captureLog();
    t = await createTestApp({ logger: log.logger });
  });
  afterAll(() => t.close());

  it('refuses a missing, malformed, unknown or revoked key with 401, whatever the cookies', async () => {
    const owner = await expertOwner(t);
    const key = await createKey(owner.client);
    expectUnauthorized(await v1(t, 'GET', '/v1/account'));
    expectUnauthorized(
      await v1(t, 'GET', '/v1/account', { headers: { authorization: key.secret } }),
    );
    expectUnauthorized(await v1(t, 'GET', '/v1/account', { secret: `${key.secret}x` }));
    expectUnauthorized(await v1(t, 'GET', '/v1/account', { secret: `rf_live_${'A'.repeat(43)}` }));
    // A signed-in browser's cookies are no key.
    const cookie = [...owner.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    expectUnauthorized(await v1(t, 'GET', '/v1/account', { headers: { cookie } }));

    const ok = await v1(t, 'GET', '/v1/account', { secret: key.secret });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers['x-credits-remaining']).toBe('175');
    expect(ok.json()).toMatchObject({
      credits: 175,
      plan: 'expert',
      key: { name: 'Catalogue sync', mode: 'live' },
      rate_limit: { expansions_per_minute: 60, test_calls_left_today: null },
    });
    expect(Object.keys(ok.headers).filter((name) => name.startsWith('access-control-'))).toEqual(
      [],
    );

    expect((await owner.client.delete(`/api/api-keys/${key.key.id}`)).statusCode).toBe(204);
    expectUnauthorized(await v1(t, 'GET', '/v1/account', { secret: key.secret }));
  });

  it("answers 404 for another account's expansion, and the origin check lets a keyed POST through", async () => {
    const owner = await expertOwner(t, 'Una Owner');
    const other = await expertOwner(t, 'Ole Other');
    const mine = await createKey(owner.client);
    const theirs = await createKey(other.client);
    const created = await postExpansion(t, mine.secret, {
      image: {
        bytes: await photo('coffee.png', 64),
        filename: 'coffee.jpg',
        contentType: 'image/jpeg',
      },
      fields: [['ratio', '16:9']],
      // A script on another origin may call /v1: its key, not a cookie, is what counts.
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(created.statusCode, created.body).toBe(202);
    const id = created.json<{ id: string }>().id;
    expect((await v1(t, 'GET', `/v1/expansions/${id}`, { secret: mine.secret })).statusCode).toBe(
      200,
    );
    const foreign = await v1(t, 'GET', `/v1/expansions/${id}`, { secret: theirs.secret });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<V1Error>().error.code).toBe('not_found');
    expect(foreign.headers['x-credits-remaining']).toBe('175');
  });

  it('never writes a key to the log', async () => {
    const owner = await expertOwner(t, 'Lou Logged');
    const key = await createKey(owner.client);
    await v1(t, 'GET', '/v1/account', { secret: key.secret });
    await v1(t, 'GET', `/v1/account?key=${key.secret}`, { secret: key.secret });
    await v1(t, 'GET', '/v1/account', { secret: `${key.secret}x` });
    const text = log.text();
    expect(text).toContain('"url":"/v1/account"');
    expect(text).not.toContain(key.secret.slice(8));
  });
});
