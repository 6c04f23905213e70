import { errorMessages, type HistoryPage, type Prediction } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';
import {
  creditsOfUser,
  expertOwner,
  invite,
  inviteTokenFor,
  joinedMember,
  person,
  teamOf,
  asView,
  type Person,
} from './helpers/team';
import { photo } from './resizer/images';
import { pollUntilSettled, predictionBody, upload } from './resizer/resizer-client';

async function filesOf(who: Person) {
  return (await who.client.get('/api/history'))
    .json<HistoryPage>()
    .items.map((item) => item.originalFilename);
}

/** The edges of a team (issue 39): who a run is filed under, and who may join another team. */
describe('team edges', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ENGINE_WORKERS: '2' } });
  });
  afterAll(() => t.close());

  it(
    "refuses a removed member's run on a photo filed with the team, before any credit is spent",
    { timeout: 300_000 },
    async () => {
      const owner = await expertOwner(t);
      const member = await joinedMember(t, owner, 'Remy Removed');
      const original = await upload(t, member.client, await photo('coffee.png', 48), 'team.jpg');
      const started = await member.client.post(
        '/api/replicate',
        predictionBody(original.id, '1:1'),
      );
      expect(started.statusCode).toBe(202);
      const done = await pollUntilSettled(member.client, started.json<Prediction>().id, 120_000);
      expect(done.status).toBe('succeeded');
      expect((await owner.client.delete(`/api/team/members/${member.userId}`)).statusCode).toBe(
        204,
      );

      const ownerCredits = await creditsOfUser(t, owner.userId);
      const memberCredits = await creditsOfUser(t, member.userId);
      for (const [url, body] of [
        ['/api/replicate', predictionBody(original.id, '16:9')],
        ['/api/runs', { upload_ids: [original.id], outputs: [{ aspect_ratio: '4:5' }] }],
      ] as const) {
        const refused = await member.client.post(url, body);
        expect(refused.statusCode, url).toBe(409);
        expect(refused.json(), url).toMatchObject({
          code: 'RUN_FILED_ELSEWHERE',
          message: errorMessages.RUN_FILED_ELSEWHERE,
        });
      }
      expect(await creditsOfUser(t, member.userId)).toBe(memberCredits);
      expect(await creditsOfUser(t, owner.userId)).toBe(ownerCredits);
      expect(await filesOf(owner)).toEqual(['team.jpg']);
      expect(await filesOf(member)).toEqual([]);

      // A photo uploaded again is theirs: run and filed under them.
      const again = await upload(t, member.client, await photo('coffee.png', 48), 'mine.jpg');
      const own = await member.client.post('/api/replicate', predictionBody(again.id, '1:1'));
      expect(own.statusCode).toBe(202);
      expect(
        (await pollUntilSettled(member.client, own.json<Prediction>().id, 120_000)).status,
      ).toBe('succeeded');
      expect(await creditsOfUser(t, member.userId)).toBe(memberCredits - 1);
      expect(await filesOf(member)).toEqual(['mine.jpg']);
      expect(await filesOf(owner)).toEqual(['team.jpg']);
    },
  );

  it('keeps an owner with a pending invitation out of another team until it is withdrawn', async () => {
    const other = await expertOwner(t, 'Otto Other');
    const owner = await expertOwner(t, 'Olga Owner');
    expect((await invite(other.client, owner.email)).statusCode).toBe(201);
    const invitee = await person(t, 'Ivy Invitee');
    expect((await invite(owner.client, invitee.email)).statusCode).toBe(201);

    const token = inviteTokenFor(t, owner.email);
    const refused = await owner.client.post('/api/team/join', { token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'TEAM_OWNER_HAS_TEAM',
      message: errorMessages.TEAM_OWNER_HAS_TEAM,
    });

    // Still the owner: the invitee joins their team, spends its pool, and can be removed.
    const joined = await invitee.client.post('/api/team/join', {
      token: inviteTokenFor(t, invitee.email),
    });
    expect(joined.statusCode).toBe(200);
    expect(asView(await teamOf(owner.client)).role).toBe('owner');
    expect((await owner.client.delete(`/api/team/members/${invitee.userId}`)).statusCode).toBe(204);
    // With no members and no invitations left, the owner may join.
    expect((await owner.client.post('/api/team/join', { token })).statusCode).toBe(200);
  });

  it('keeps an owner with members out of another team, with the same message', async () => {
    const other = await expertOwner(t, 'Nia Next');
    const owner = await expertOwner(t, 'Mae Many');
    expect((await invite(other.client, owner.email)).statusCode).toBe(201);
    await joinedMember(t, owner, 'Mo Member');
    const refused = await owner.client.post('/api/team/join', {
      token: inviteTokenFor(t, owner.email),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TEAM_OWNER_HAS_TEAM' });
  });
});
