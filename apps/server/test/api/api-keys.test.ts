import type { ApiKeysView } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expertOwner, joinedMember, person } from '../helpers/team';
import { createKey, v1 } from './api-client';

describe('API keys in Settings (/api/api-keys, issue 30)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('an Expert user creates a key, sees it once in full, lists it, and revokes it at once', async () => {
    const owner = await expertOwner(t);
    const created = await createKey(owner.client, 'live', 'Shop sync');
    expect(created.secret).toMatch(/^rf_live_[A-Za-z0-9_-]{43}$/);
    expect(created.key).toMatchObject({ name: 'Shop sync', mode: 'live', lastUsedAt: null });
    expect(created.key.prefix).toBe(created.secret.slice(0, 12));
    const test = await createKey(owner.client, 'test', 'Sandbox');
    expect(test.secret.startsWith('rf_test_')).toBe(true);

    const listed = (await owner.client.get('/api/api-keys')).json<ApiKeysView>();
    expect(listed.keys.map((key) => key.name)).toEqual(['Shop sync', 'Sandbox']);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    const stored = await t.database.db.selectFrom('api_key').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(created.secret);

    expect((await v1(t, 'GET', '/v1/account', { secret: created.secret })).statusCode).toBe(200);
    const used = (await owner.client.get('/api/api-keys')).json<ApiKeysView>();
    expect(used.keys.find((key) => key.id === created.key.id)?.lastUsedAt).not.toBeNull();

    const revoked = await owner.client.delete(`/api/api-keys/${created.key.id}`);
    expect(revoked.statusCode).toBe(204);
    expect((await v1(t, 'GET', '/v1/account', { secret: created.secret })).statusCode).toBe(401);
    const after = (await owner.client.get('/api/api-keys')).json<ApiKeysView>();
    expect(after.keys.map((key) => key.name)).toEqual(['Sandbox']);
    expect((await owner.client.delete(`/api/api-keys/${created.key.id}`)).statusCode).toBe(404);
  });

  it('refuses a Free user and a team member with 403, and another account revoking a key with 404', async () => {
    const free = await person(t, 'Fred Free');
    const refused = await free.client.get('/api/api-keys');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toMatch(/Expert plan/);
    expect((await free.client.post('/api/api-keys', { name: 'x', mode: 'live' })).statusCode).toBe(
      403,
    );

    const owner = await expertOwner(t, 'Tess Teamowner');
    const member = await joinedMember(t, owner, 'Milo Member');
    expect((await member.client.get('/api/api-keys')).statusCode).toBe(403);

    const key = await createKey(owner.client);
    const other = await expertOwner(t, 'Otto Other');
    expect((await other.client.delete(`/api/api-keys/${key.key.id}`)).statusCode).toBe(404);
    expect((await v1(t, 'GET', '/v1/account', { secret: key.secret })).statusCode).toBe(200);
  });

  it("a team's admin sees and manages the team's keys, which spend the team's pool", async () => {
    const owner = await expertOwner(t, 'Ada Owner');
    const admin = await joinedMember(t, owner, 'Abe Admin', 'admin');
    const byOwner = await createKey(owner.client, 'live', 'Owner key');
    const byAdmin = await createKey(admin.client, 'live', 'Admin key');
    const seenByAdmin = (await admin.client.get('/api/api-keys')).json<ApiKeysView>();
    expect(seenByAdmin.keys.map((key) => key.name).sort()).toEqual(['Admin key', 'Owner key']);
    const seenByOwner = (await owner.client.get('/api/api-keys')).json<ApiKeysView>();
    expect(seenByOwner.keys.map((key) => key.name).sort()).toEqual(['Admin key', 'Owner key']);
    const account = await v1(t, 'GET', '/v1/account', { secret: byAdmin.secret });
    const ownerView = await v1(t, 'GET', '/v1/account', { secret: byOwner.secret });
    expect(account.json<{ credits: number }>().credits).toBe(
      ownerView.json<{ credits: number }>().credits,
    );
    expect(account.json<{ plan: string }>().plan).toBe('expert');
  });
});
