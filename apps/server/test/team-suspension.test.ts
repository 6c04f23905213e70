import type { HistoryPage, MeResponse } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from './helpers/accounts';
import type { TestClient } from './helpers/client';
import { createTestApp, TEST_APP_URL, type TestApp } from './helpers/test-app';
import {
  asView,
  creditsOfUser,
  expertOwner,
  invite,
  inviteTokenFor,
  joinedMember,
  person,
  runOnePhoto,
  teamOf,
  type Person,
} from './helpers/team';

async function files(who: Person) {
  return (await who.client.get('/api/history'))
    .json<HistoryPage>()
    .items.map((item) => item.originalFilename);
}

async function meOf(who: Person) {
  return (await who.client.get('/api/me')).json<MeResponse>();
}

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
}

/** The owner's plan leaves Expert, comes back, or the owner goes (issue 26). */
describe('team suspension and the owner leaving', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ENGINE_WORKERS: '2' } });
  });
  afterAll(() => t.close());

  it('suspends the team when Expert ends and restores it when Expert is bought again', async () => {
    const owner = await expertOwner(t);
    const member = await joinedMember(t, owner, 'Mo Member');
    await runOnePhoto(t, member, 'team-run.jpg');
    const waiting = await person(t, 'Wai Ting');
    expect((await invite(owner.client, waiting.email)).statusCode).toBe(201);

    await cancelPlan(t, owner.client);
    expect(
      (await owner.client.post('/api/dev/billing/advance-clock', { days: 32 })).statusCode,
    ).toBe(200);

    const suspended = asView(await teamOf(owner.client));
    expect(suspended.team.suspended).toBe(true);
    expect(suspended.invites).toEqual([]);
    const revoked = await waiting.client.post('/api/team/join', {
      token: inviteTokenFor(t, waiting.email),
    });
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json()).toMatchObject({ code: 'TEAM_INVITE_REVOKED' });

    expect(await meOf(member)).toMatchObject({ team: null, settings: { credits: 5 } });
    expect(await files(member)).toEqual([]);
    await runOnePhoto(t, member, 'own-run.jpg');
    expect(await creditsOfUser(t, member.userId)).toBe(4);
    const ownerCredits = await creditsOfUser(t, owner.userId);
    expect(ownerCredits).toBe(174);
    expect(await files(member)).toEqual(['own-run.jpg']);
    expect(await files(owner)).toEqual(['team-run.jpg']);

    const renew = await owner.client.post('/api/callables/createCheckoutSession', {
      data: { planId: 'expert' },
    });
    const url = new URL(renew.json<{ data: { url: string } }>().data.url);
    expect((await owner.client.post(`${url.pathname}${url.search}/pay`)).statusCode).toBe(303);

    expect(asView(await teamOf(owner.client)).team.suspended).toBe(false);
    expect((await meOf(member)).team).toEqual({ ownerName: 'Olive Owner', role: 'member' });
    expect(await files(member)).toEqual(['own-run.jpg', 'team-run.jpg']);
    const before = await creditsOfUser(t, owner.userId);
    await runOnePhoto(t, member, 'pool-again.jpg');
    expect(await creditsOfUser(t, owner.userId)).toBe(before - 1);
    expect(await creditsOfUser(t, member.userId)).toBe(4);
  });

  it("deletes the team with the owner's account and leaves the members' accounts intact", async () => {
    const owner = await expertOwner(t);
    const member = await joinedMember(t, owner, 'Mo Member');
    await runOnePhoto(t, member, 'made-in-team.jpg');
    const teamId = asView(await teamOf(owner.client)).team.id;

    const deleted = await owner.client.post('/api/account/delete', { password: PASSWORD });
    expect(deleted.statusCode).toBe(200);

    const teams = await t.database.db
      .selectFrom('team')
      .select('id')
      .where('id', '=', teamId)
      .execute();
    expect(teams).toEqual([]);
    expect(await meOf(member)).toMatchObject({ team: null, settings: { credits: 5 } });
    expect(await teamOf(member.client)).toEqual({ team: null, eligible: false });
    // The runs they made for the team come back to them: the team is gone.
    expect(await files(member)).toEqual(['made-in-team.jpg']);
    await runOnePhoto(t, member, 'after.jpg');
    expect(await creditsOfUser(t, member.userId)).toBe(4);
  });
});
