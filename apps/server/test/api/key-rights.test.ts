import { errorMessages, type ApiKeysView, type V1Error } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_APP_URL, createTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/client';
import { creditsOfUser, expertOwner, invite, inviteTokenFor, joinedMember } from '../helpers/team';
import { createKey, postExpansion, v1 } from './api-client';
import { photo } from '../resizer/images';

/** The test checkout's portal: cancel at the end of the period, as the Billing screen does. */
async function cancelPlan(t: TestApp, client: TestClient) {
  const response = await client.post('/api/callables/createPortalSession', { data: {} });
  const url = new URL(response.json<{ data: { url: string } }>().data.url);
  const action = await t.app.inject({
    method: 'POST',
    url: `${url.pathname}${url.search}/action`,
    headers: {
      origin: TEST_APP_URL,
      cookie: [...client.cookies].map(([n, v]) => `${n}=${v}`).join('; '),
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: 'action=cancel',
  });
  expect(action.statusCode).toBe(303);
  expect((await client.post('/api/dev/billing/advance-clock', { days: 32 })).statusCode).toBe(200);
}

async function expectSuspended(t: TestApp, secret: string) {
  const answer = await v1(t, 'GET', '/v1/account', { secret });
  expect(answer.statusCode).toBe(401);
  expect(answer.json<V1Error>().error).toEqual({
    code: 'key_suspended',
    message: errorMessages.API_KEY_SUSPENDED,
  });
}

async function keysOf(client: TestClient): Promise<ApiKeysView> {
  const response = await client.get('/api/api-keys');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ApiKeysView>();
}

async function onePhotoPost(t: TestApp, secret: string) {
  return postExpansion(t, secret, {
    image: { bytes: await photo('coffee.png', 48), filename: 'c.png', contentType: 'image/png' },
    fields: [['ratio', '1:1']],
  });
}

/** A key is only as good as its maker's rights, checked on every call (issue 39). */
describe("API keys follow their maker's role and plan", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("suspends a removed admin's key: no reads, no runs on the owner's account; the owner still sees and revokes it", async () => {
    const owner = await expertOwner(t, 'Ada Owner');
    const admin = await joinedMember(t, owner, 'Abe Admin', 'admin');
    const key = await createKey(admin.client, 'live', 'Admin key');
    const made = await onePhotoPost(t, key.secret);
    expect(made.statusCode, made.body).toBe(202);
    const expansionId = made.json<{ id: string }>().id;

    expect((await owner.client.delete(`/api/team/members/${admin.userId}`)).statusCode).toBe(204);
    const before = await creditsOfUser(t, owner.userId);
    await expectSuspended(t, key.secret);
    const read = await v1(t, 'GET', `/v1/expansions/${expansionId}`, { secret: key.secret });
    expect(read.statusCode).toBe(401);
    expect((await onePhotoPost(t, key.secret)).statusCode).toBe(401);
    expect(await creditsOfUser(t, owner.userId)).toBe(before);

    const listed = (await keysOf(owner.client)).keys.find((k) => k.id === key.key.id);
    expect(listed).toMatchObject({ name: 'Admin key', suspended: true });
    expect((await admin.client.get('/api/api-keys')).statusCode).toBe(403);
    expect((await owner.client.delete(`/api/api-keys/${key.key.id}`)).statusCode).toBe(204);
    expect((await keysOf(owner.client)).keys.map((k) => k.id)).not.toContain(key.key.id);
  });

  it("suspends a demoted admin's key until they are an admin again", async () => {
    const owner = await expertOwner(t, 'Dee Owner');
    const admin = await joinedMember(t, owner, 'Demi Admin', 'admin');
    const key = await createKey(admin.client, 'live', 'Demoted');
    const demote = await owner.client.patch(`/api/team/members/${admin.userId}`, {
      role: 'member',
    });
    expect(demote.statusCode).toBe(200);
    await expectSuspended(t, key.secret);
    const promote = await owner.client.patch(`/api/team/members/${admin.userId}`, {
      role: 'admin',
    });
    expect(promote.statusCode).toBe(200);
    expect((await v1(t, 'GET', '/v1/account', { secret: key.secret })).statusCode).toBe(200);
  });

  it('suspends the keys of a plan that ends, and keeps them listed (read-only) and revocable', async () => {
    const owner = await expertOwner(t, 'Gus Gone');
    const live = await createKey(owner.client, 'live', 'Shop');
    const test = await createKey(owner.client, 'test', 'Sandbox');
    await cancelPlan(t, owner.client);

    await expectSuspended(t, live.secret);
    await expectSuspended(t, test.secret);
    const view = await keysOf(owner.client);
    expect(view.canCreate).toBe(false);
    expect(view.keys.map((k) => [k.name, k.suspended])).toEqual([
      ['Shop', true],
      ['Sandbox', true],
    ]);
    expect((await owner.client.post('/api/api-keys', { name: 'x', mode: 'live' })).statusCode).toBe(
      403,
    );
    expect((await owner.client.delete(`/api/api-keys/${live.key.id}`)).statusCode).toBe(204);
    expect((await keysOf(owner.client)).keys.map((k) => k.name)).toEqual(['Sandbox']);
  });

  it("never lets a member's own key spend the team's pool; the member sees and revokes it", async () => {
    const owner = await expertOwner(t, 'Pia Pool');
    const member = await expertOwner(t, 'Max Member');
    const own = await createKey(member.client, 'live', 'My old key');
    expect((await invite(owner.client, member.email, 'member')).statusCode).toBe(201);
    const joined = await member.client.post('/api/team/join', {
      token: inviteTokenFor(t, member.email),
    });
    expect(joined.statusCode, joined.body).toBe(200);

    const pool = await creditsOfUser(t, owner.userId);
    await expectSuspended(t, own.secret);
    expect((await onePhotoPost(t, own.secret)).statusCode).toBe(401);
    expect(await creditsOfUser(t, owner.userId)).toBe(pool);

    const view = await keysOf(member.client);
    expect(view.canCreate).toBe(false);
    expect(view.keys.map((k) => [k.name, k.suspended])).toEqual([['My old key', true]]);
    expect((await member.client.delete(`/api/api-keys/${own.key.id}`)).statusCode).toBe(204);
    // Nothing left to revoke, and no keys to make: the section says where API access comes from.
    expect((await member.client.get('/api/api-keys')).statusCode).toBe(403);
  });

  it("keeps a working key unsuspended and lets an admin revoke the team's keys", async () => {
    const owner = await expertOwner(t, 'Kim Keeper');
    const admin = await joinedMember(t, owner, 'Ari Admin', 'admin');
    const key = await createKey(owner.client, 'live', 'Owner key');
    expect((await keysOf(admin.client)).keys).toMatchObject([
      { name: 'Owner key', suspended: false },
    ]);
    expect((await keysOf(admin.client)).canCreate).toBe(true);
    expect((await admin.client.delete(`/api/api-keys/${key.key.id}`)).statusCode).toBe(204);
    expect((await v1(t, 'GET', '/v1/account', { secret: key.secret })).statusCode).toBe(401);
  });
});
