import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { MeResponse, Prediction, RunResponse, UsageStats } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';
import {
  asView,
  creditsOfUser,
  expertOwner,
  joinedMember,
  setCredits,
  teamOf,
  type Person,
} from './helpers/team';
import { photo } from './resizer/images';
import { pollUntilSettled, predictionBody, upload } from './resizer/resizer-client';
import { gatedEngine } from './helpers/gated-engine';

async function start(t: TestApp, who: Person, ratio = '1:1') {
  const original = await upload(t, who.client, await photo('coffee.png', 48));
  return who.client.post('/api/replicate', predictionBody(original.id, ratio));
}

function ledgerRows(t: TestApp, key: string) {
  return t.database.db
    .selectFrom('credit_ledger')
    .select(['user_id', 'kind', 'delta', 'team_id', 'member_user_id'])
    .where('idempotency_key', 'in', [key, `refund:${key}`])
    .orderBy('created_at')
    .execute();
}

/** The shared credit pool (issue 26): a member's runs spend the owner's balance, never their own. */
describe('team credit pool', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ENGINE_WORKERS: '2' } });
  });
  afterAll(() => t.close());

  it("spends a member's run from the owner's balance (175 -> 174); their own stays", async () => {
    const owner = await expertOwner(t);
    const member = await joinedMember(t, owner, 'Mo Member');
    expect(await creditsOfUser(t, owner.userId)).toBe(175);

    const started = await start(t, member);
    expect(started.statusCode, started.body).toBe(202);
    // The first job of the file warms the engine up: slow on a loaded machine.
    const done = await pollUntilSettled(member.client, started.json<Prediction>().id, 120_000);
    expect(done.status).toBe('succeeded');
    expect(await creditsOfUser(t, owner.userId)).toBe(174);
    expect(await creditsOfUser(t, member.userId)).toBe(5);

    const me = (await member.client.get('/api/me')).json<MeResponse>();
    expect(me.settings.credits).toBe(174);
    expect(me.team).toEqual({ ownerName: 'Olive Owner', role: 'member' });
    const stats = (await member.client.post('/api/callables/getUsageStats', { data: null })).json<{
      data: UsageStats;
    }>().data;
    expect(stats).toMatchObject({
      remainingCredits: 174,
      personalCredits: 5,
      team: { ownerName: 'Olive Owner', role: 'member' },
    });
    const ownerMe = (await owner.client.get('/api/me')).json<MeResponse>();
    expect([ownerMe.settings.credits, ownerMe.team]).toEqual([174, null]);

    const view = asView(await teamOf(owner.client));
    expect(view.team.id).toBeTruthy();
    expect(view.members.map((m) => [m.name, m.creditsUsedThisMonth])).toEqual([
      ['Olive Owner', 0],
      ['Mo Member', 1],
    ]);
    expect(await ledgerRows(t, `prediction:${done.id}`)).toEqual([
      {
        user_id: owner.userId,
        kind: 'spend',
        delta: -1,
        team_id: view.team.id,
        member_user_id: member.userId,
      },
    ]);
  });

  it("gives the pool's last credit to exactly one of two members asking at once", async () => {
    const owner = await expertOwner(t);
    const first = await joinedMember(t, owner, 'First Member');
    const second = await joinedMember(t, owner, 'Second Member');
    const uploads = await Promise.all(
      [first, second].map(async (who) => ({
        who,
        original: await upload(t, who.client, await photo('coffee.png', 48)),
      })),
    );
    await setCredits(t, owner.userId, 1);

    const responses = await Promise.all(
      uploads.flatMap(({ who, original }) =>
        Array.from({ length: 3 }, () =>
          who.client.post('/api/replicate', predictionBody(original.id, '1:1')),
        ),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([202, 402, 402, 402, 402, 402]);
    expect(await creditsOfUser(t, owner.userId)).toBe(0);
    expect(await creditsOfUser(t, first.userId)).toBe(5);
    expect(await creditsOfUser(t, second.userId)).toBe(5);
    const rows = await t.database.db
      .selectFrom('prediction')
      .select('id')
      .where('user_id', 'in', [first.userId, second.userId])
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refunds a failed job to the pool it was charged to', async () => {
    const owner = await expertOwner(t);
    const member = await joinedMember(t, owner, 'Mo Member');
    const original = await upload(t, member.client, await photo('coffee.png', 48));
    await rm(join(t.config.resizer.storage.dir, 'users', member.userId, 'original'), {
      recursive: true,
    });
    const started = await member.client.post('/api/replicate', predictionBody(original.id, '16:9'));
    expect(started.statusCode).toBe(202);
    const done = await pollUntilSettled(member.client, started.json<Prediction>().id);
    expect(done.status).toBe('failed');
    expect(await creditsOfUser(t, owner.userId)).toBe(175);
    expect(await creditsOfUser(t, member.userId)).toBe(5);
    expect((await ledgerRows(t, `prediction:${done.id}`)).map((r) => [r.user_id, r.kind])).toEqual([
      [owner.userId, 'spend'],
      [owner.userId, 'refund'],
    ]);
    expect(asView(await teamOf(owner.client)).members[1]?.creditsUsedThisMonth).toBe(0);
  });

  it("pays a member's regeneration from the pool", async () => {
    const owner = await expertOwner(t);
    const member = await joinedMember(t, owner, 'Rae Regen');
    const original = await upload(t, member.client, await photo('coffee.png', 48));
    for (const regenerate of [false, true]) {
      const started = await member.client.post(
        '/api/replicate',
        predictionBody(original.id, '1:1', regenerate),
      );
      expect(started.statusCode).toBe(202);
      await pollUntilSettled(member.client, started.json<Prediction>().id, 60_000);
    }
    expect(await creditsOfUser(t, owner.userId)).toBe(173);
    expect(await creditsOfUser(t, member.userId)).toBe(5);
  });

  it("pays a member's bulk run from the pool, on the owner's plan", async () => {
    const owner = await expertOwner(t);
    const member = await joinedMember(t, owner, 'Bo Bulk');
    const photos = [];
    for (const name of ['coffee.png', 'chelsea.png']) {
      photos.push(await upload(t, member.client, await photo(name, 48)));
    }
    const response = await member.client.post('/api/runs', {
      upload_ids: photos.map((p) => p.id),
      outputs: [{ aspect_ratio: '1:1' }],
    });
    expect(response.statusCode, response.body).toBe(202);
    const run = response.json<RunResponse>();
    expect(run.credits).toBe(173);
    for (const p of run.predictions) await pollUntilSettled(member.client, p.id, 60_000);
    expect(await creditsOfUser(t, owner.userId)).toBe(173);
    expect(await creditsOfUser(t, member.userId)).toBe(5);
  });
});

describe('a member removed while their job runs', () => {
  const { engine, open } = gatedEngine();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ resizer: { engine } });
  });
  afterAll(() => t.close());

  it('is charged to the pool once, the job settles, and their next run is their own', async () => {
    const owner = await expertOwner(t);
    const member = await joinedMember(t, owner, 'Mo Member');
    const started = await start(t, member);
    expect(started.statusCode).toBe(202);
    const { id } = started.json<Prediction>();

    expect((await owner.client.delete(`/api/team/members/${member.userId}`)).statusCode).toBe(204);
    open();
    expect((await pollUntilSettled(member.client, id)).status).toBe('succeeded');
    expect(await creditsOfUser(t, owner.userId)).toBe(174);
    expect(await creditsOfUser(t, member.userId)).toBe(5);
    expect((await ledgerRows(t, `prediction:${id}`)).map((r) => [r.user_id, r.kind])).toEqual([
      [owner.userId, 'spend'],
    ]);

    const next = await start(t, member);
    expect(next.statusCode).toBe(202);
    await pollUntilSettled(member.client, next.json<Prediction>().id);
    expect(await creditsOfUser(t, owner.userId)).toBe(174);
    expect(await creditsOfUser(t, member.userId)).toBe(4);
    expect((await member.client.get('/api/me')).json<MeResponse>().team).toBeNull();
  });
});
