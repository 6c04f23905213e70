import type { HistoryPage } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';
import {
  expertOwner,
  invite,
  inviteTokenFor,
  joinedMember,
  person,
  runOnePhoto,
  type Person,
} from './helpers/team';
import { pathOf } from './resizer/resizer-client';

async function historyOf(who: Person) {
  const response = await who.client.get('/api/history');
  expect(response.statusCode).toBe(200);
  return response
    .json<HistoryPage>()
    .items.map((item) => ({ file: item.originalFilename, madeBy: item.madeBy, item }));
}

/** One history for the team (issue 26): who made each run, and who may open its files. */
describe('team history', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ENGINE_WORKERS: '2' } });
  });
  afterAll(() => t.close());

  it("shows the team's runs with their maker, and keeps a removed member's runs with the team", async () => {
    const owner = await expertOwner(t);
    const member = await joinedMember(t, owner, 'Mo Member');
    const outsider = await person(t, 'Out Sider');
    await runOnePhoto(t, owner, 'owner.jpg');
    const teamRun = await runOnePhoto(t, member, 'member-team.jpg');

    expect((await historyOf(owner)).map(({ file, madeBy }) => [file, madeBy])).toEqual([
      ['member-team.jpg', 'Mo Member'],
      ['owner.jpg', null],
    ]);
    expect((await historyOf(member)).map(({ file, madeBy }) => [file, madeBy])).toEqual([
      ['member-team.jpg', null],
      ['owner.jpg', 'Olive Owner'],
    ]);

    // The team run's files: any member, and no one else.
    const [memberItem] = await historyOf(owner);
    const original = pathOf(memberItem!.item.originalImage);
    const result = pathOf(teamRun.output!);
    for (const path of [original, result, `${result}?size=thumb`]) {
      expect((await owner.client.get(path)).statusCode, path).toBe(200);
      expect((await member.client.get(path)).statusCode, path).toBe(200);
      expect((await outsider.client.get(path)).statusCode, path).toBe(404);
    }
    const ownerItem = (await historyOf(owner))[1]!;
    expect((await member.client.get(pathOf(ownerItem.item.originalImage))).statusCode).toBe(200);
    expect((await outsider.client.get(pathOf(ownerItem.item.originalImage))).statusCode).toBe(404);
    expect((await outsider.client.get(`/api/history/${memberItem!.item.id}`)).statusCode).toBe(404);

    expect((await owner.client.delete(`/api/team/members/${member.userId}`)).statusCode).toBe(204);
    await runOnePhoto(t, member, 'member-own.jpg');
    expect((await historyOf(member)).map(({ file, madeBy }) => [file, madeBy])).toEqual([
      ['member-own.jpg', null],
    ]);
    expect((await historyOf(owner)).map(({ file, madeBy }) => [file, madeBy])).toEqual([
      ['member-team.jpg', 'Mo Member'],
      ['owner.jpg', null],
    ]);
    // Removed: the team run's files are no longer theirs to open, even though they made it.
    expect((await member.client.get(result)).statusCode).toBe(404);
    expect((await member.client.get(original)).statusCode).toBe(404);
    expect((await owner.client.get(result)).statusCode).toBe(200);
    expect((await member.client.delete(`/api/history/${memberItem!.item.id}`)).statusCode).toBe(
      404,
    );
  });

  it("keeps a member's personal runs from before they joined to themself", async () => {
    const owner = await expertOwner(t);
    const later = await person(t, 'Lee Later');
    await runOnePhoto(t, later, 'before.jpg');
    expect((await invite(owner.client, later.email)).statusCode).toBe(201);
    const joined = await later.client.post('/api/team/join', {
      token: inviteTokenFor(t, later.email),
    });
    expect(joined.statusCode).toBe(200);
    expect((await historyOf(owner)).map(({ file }) => file)).not.toContain('before.jpg');
    expect((await historyOf(later)).map(({ file, madeBy }) => [file, madeBy])).toEqual([
      ['before.jpg', null],
    ]);
  });
});
