import type { ApiAccount, Prediction, RunResponse, UsageStats } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, v1 } from './api/api-client';
import { createHeldEngineApp, type HeldEngineApp } from './helpers/held-engine';
import type { TestApp } from './helpers/test-app';
import { creditsOfUser, expertOwner, joinedMember, person, type Person } from './helpers/team';
import { toIsoString } from '../src/platform/db/column-types';
import { photo } from './resizer/images';
import { pollUntilSettled, predictionBody, upload } from './resizer/resizer-client';

async function usageOf(who: Person): Promise<UsageStats> {
  const response = await who.client.post('/api/callables/getUsageStats', { data: null });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: UsageStats }>().data;
}

async function startOne(t: TestApp, who: Person, ratio = '1:1'): Promise<string> {
  const original = await upload(t, who.client, await photo('coffee.png', 48));
  const response = await who.client.post('/api/replicate', predictionBody(original.id, ratio));
  expect(response.statusCode, response.body).toBe(202);
  return response.json<Prediction>().id;
}

/**
 * Whose plan counts for a member on Free who spends an Expert team's pool (README, "Whose plan
 * counts"): the payer's, the owner's Expert, for the ratios at once, the queue place and bulk;
 * the team role for API keys.
 */
describe('a member on Free spending an Expert pool: ratios at once', () => {
  let app: HeldEngineApp;
  beforeAll(async () => {
    // More workers than any plan runs at once: only the plan holds the others back.
    app = await createHeldEngineApp(8);
  });
  afterAll(() => app.close());

  it("runs Expert's 3 ratios at once while a fourth waits, then all four", async () => {
    const { t, held } = app;
    const owner = await expertOwner(t);
    const member = await joinedMember(t, owner, 'Mo Member');
    const ids: string[] = [];
    for (const ratio of ['1:1', '16:9', '9:16', '4:5']) ids.push(await startOne(t, member, ratio));

    // The fourth was offered to a worker twice and put back both times, while three held fills.
    await held.until(3, 2);
    expect(held.started()).toBe(3);
    const running = await t.database.db
      .selectFrom('prediction')
      .select('id')
      .where('user_id', '=', member.userId)
      .where('status', '=', 'processing')
      .execute();
    expect(running).toHaveLength(3);

    held.letGo();
    const settled = await Promise.all(ids.map((id) => pollUntilSettled(member.client, id, 90_000)));
    expect(settled.map((prediction) => prediction.status)).toEqual(ids.map(() => 'succeeded'));
    expect(held.started()).toBe(4);
    // The browser submits as many at once as the pool's plan runs: it reads payerPlan.
    expect(await usageOf(member)).toMatchObject({ currentPlan: 'free', payerPlan: 'expert' });
  }, 120_000);
});

describe('a member on Free spending an Expert pool: queue place, bulk and API keys', () => {
  let app: HeldEngineApp;
  beforeAll(async () => {
    // One worker: the queue's order is the order the jobs start in.
    app = await createHeldEngineApp(1);
  });
  afterAll(() => app.close());

  it("puts the member's run ahead of a Free user's job queued before it", async () => {
    const { t, held } = app;
    const owner = await expertOwner(t);
    const member = await joinedMember(t, owner, 'Mo Member');
    const busy = await person(t, 'Fay Free');
    const waiting = await person(t, 'Fred Free');
    const original = await upload(t, member.client, await photo('coffee.png', 48));

    // Fay's job holds the one worker; Fred's waits in the queue before the member's run.
    const first = await startOne(t, busy);
    await held.until(1, 0);
    const fred = await startOne(t, waiting);
    const run = await member.client.post('/api/runs', {
      upload_ids: [original.id],
      outputs: [{ aspect_ratio: '1:1' }],
    });
    expect(run.statusCode, run.body).toBe(202);
    const [memberOutput] = run.json<RunResponse>().predictions;

    held.letGo();
    const jobs: [Person, string][] = [
      [busy, first],
      [member, memberOutput!.id],
      [waiting, fred],
    ];
    for (const [who, id] of jobs) {
      expect((await pollUntilSettled(who.client, id, 90_000)).status).toBe('succeeded');
    }
    const rows = await t.database.db
      .selectFrom('prediction')
      .select(['id', 'started_at'])
      .where('id', 'in', [first, memberOutput!.id, fred])
      .execute();
    const startOrder = rows
      .map((row) => ({ id: row.id, at: new Date(toIsoString(row.started_at!)).getTime() }))
      .sort((a, b) => a.at - b.at)
      .map((row) => row.id);
    expect(startOrder).toEqual([first, memberOutput!.id, fred]);
  }, 180_000);

  it('runs several photos in one run from the pool, as the usage the browser reads says', async () => {
    const { t } = app;
    const owner = await expertOwner(t, 'Otto Owner');
    const member = await joinedMember(t, owner, 'Bea Member');
    const photos = [
      await upload(t, member.client, await photo('coffee.png', 48)),
      await upload(t, member.client, await photo('chelsea.png', 48)),
    ];
    // The Bulk tab and the ratios submitted at once follow payerPlan; Billing shows currentPlan.
    expect(await usageOf(member)).toMatchObject({ currentPlan: 'free', payerPlan: 'expert' });

    const run = await member.client.post('/api/runs', {
      upload_ids: photos.map((p) => p.id),
      outputs: [{ aspect_ratio: '1:1' }],
    });
    expect(run.statusCode, run.body).toBe(202);
    expect(run.json<RunResponse>().predictions).toHaveLength(2);
    expect(await creditsOfUser(t, owner.userId)).toBe(173);
    expect(await creditsOfUser(t, member.userId)).toBe(5);
  });

  it("leaves API keys to the team role: a member makes none, an admin on Free the pool's keys", async () => {
    const { t } = app;
    const owner = await expertOwner(t, 'Ida Owner');
    const member = await joinedMember(t, owner, 'Max Member');
    const admin = await joinedMember(t, owner, 'Ann Admin', 'admin');

    // The Settings screen's API keys: none to list, none to make.
    expect((await member.client.get('/api/api-keys')).statusCode).toBe(403);
    const refused = await member.client.post('/api/api-keys', { name: 'Mine', mode: 'live' });
    expect(refused.statusCode).toBe(403);

    const key = await createKey(admin.client, 'live', 'Team key');
    const account = await v1(t, 'GET', '/v1/account', { secret: key.secret });
    expect(account.statusCode, account.body).toBe(200);
    expect(account.json<ApiAccount>()).toMatchObject({ plan: 'expert', credits: 175 });
  });
});
