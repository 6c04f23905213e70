import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from './helpers/accounts';
import { createTestApp, type TestApp } from './helpers/test-app';
import { asView, expertOwner, invite, joinedMember, teamOf } from './helpers/team';

/** Roles (issue 26): every team route checks the caller's team and role on the server. */
describe('team roles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps a member to using the team: no invites, no removals, no roles', async () => {
    const owner = await expertOwner(t);
    const member = await joinedMember(t, owner, 'Mo Member');
    const colleague = await joinedMember(t, owner, 'Cy Colleague');

    const invited = await invite(member.client, uniqueEmail());
    expect(invited.statusCode).toBe(403);
    expect(invited.json()).toEqual({
      code: 'TEAM_ADMINS_ONLY',
      message: 'Only the team owner and admins can do this.',
    });
    expect((await member.client.delete(`/api/team/members/${colleague.userId}`)).statusCode).toBe(
      403,
    );
    const raised = await member.client.patch(`/api/team/members/${member.userId}`, {
      role: 'admin',
    });
    expect(raised.statusCode).toBe(403);
    expect(raised.json()).toMatchObject({ code: 'TEAM_OWNER_ONLY' });

    const view = asView(await teamOf(member.client));
    expect(view.role).toBe('member');
    expect(view.invites).toEqual([]);
    expect(view.members.map((m) => [m.name, m.role])).toEqual([
      ['Olive Owner', 'owner'],
      ['Mo Member', 'member'],
      ['Cy Colleague', 'member'],
    ]);
  });

  it('lets an admin invite and remove members, but not the owner or another admin', async () => {
    const owner = await expertOwner(t);
    const admin = await joinedMember(t, owner, 'Ada Admin', 'admin');
    const otherAdmin = await joinedMember(t, owner, 'Abe Admin', 'admin');
    const member = await joinedMember(t, owner, 'Mo Member');

    const removeOwner = await admin.client.delete(`/api/team/members/${owner.userId}`);
    expect(removeOwner.statusCode).toBe(403);
    expect(removeOwner.json()).toMatchObject({ code: 'TEAM_CANNOT_REMOVE_OWNER' });
    const removeAdmin = await admin.client.delete(`/api/team/members/${otherAdmin.userId}`);
    expect(removeAdmin.statusCode).toBe(403);
    expect(removeAdmin.json()).toEqual({
      code: 'TEAM_ADMIN_REMOVES_MEMBERS_ONLY',
      message: 'Admins can remove members, not other admins.',
    });
    const ownRole = await admin.client.patch(`/api/team/members/${member.userId}`, {
      role: 'admin',
    });
    expect(ownRole.statusCode).toBe(403);

    const sent = await invite(admin.client, uniqueEmail());
    expect(sent.statusCode).toBe(201);
    expect(asView(await teamOf(admin.client)).invites).toHaveLength(1);
    expect((await admin.client.delete(`/api/team/members/${member.userId}`)).statusCode).toBe(204);
    expect(await teamOf(member.client)).toEqual({ team: null, eligible: false });
  });

  it('lets the owner change roles and remove anyone but themself', async () => {
    const owner = await expertOwner(t);
    const member = await joinedMember(t, owner, 'Mo Member');
    const promoted = await owner.client.patch(`/api/team/members/${member.userId}`, {
      role: 'admin',
    });
    expect(promoted.statusCode).toBe(200);
    expect(asView(promoted.json()).members[1]).toMatchObject({ role: 'admin' });
    expect(asView(await teamOf(member.client)).role).toBe('admin');

    const self = await owner.client.delete(`/api/team/members/${owner.userId}`);
    expect(self.statusCode).toBe(403);
    const bad = await owner.client.patch(`/api/team/members/${member.userId}`, { role: 'owner' });
    expect(bad.statusCode).toBe(400);
    expect((await owner.client.delete(`/api/team/members/${member.userId}`)).statusCode).toBe(204);
    expect(asView(await teamOf(owner.client)).members).toHaveLength(1);
  });

  it("answers another team's ids with 404", async () => {
    const first = await expertOwner(t, 'First Owner');
    const firstMember = await joinedMember(t, first, 'First Member');
    const second = await expertOwner(t, 'Second Owner');
    const secondInvite = (await invite(second.client, uniqueEmail())).json<{
      invite: { id: string };
    }>().invite.id;

    expect((await first.client.delete(`/api/team/invites/${secondInvite}`)).statusCode).toBe(404);
    expect(asView(await teamOf(second.client)).invites).toHaveLength(1);
    expect((await second.client.delete(`/api/team/members/${firstMember.userId}`)).statusCode).toBe(
      404,
    );
    expect(
      (await second.client.patch(`/api/team/members/${firstMember.userId}`, { role: 'admin' }))
        .statusCode,
    ).toBe(404);
    expect(asView(await teamOf(first.client)).members[1]).toMatchObject({
      userId: firstMember.userId,
      role: 'member',
    });
  });

  it('lets members and admins leave; the owner cannot', async () => {
    const owner = await expertOwner(t);
    const member = await joinedMember(t, owner, 'Mo Member');
    expect((await member.client.post('/api/team/leave')).statusCode).toBe(204);
    expect(await teamOf(member.client)).toEqual({ team: null, eligible: false });
    expect((await member.client.post('/api/team/leave')).statusCode).toBe(404);

    const stays = await owner.client.post('/api/team/leave');
    expect(stays.statusCode).toBe(409);
    expect(stays.json()).toMatchObject({ code: 'TEAM_OWNER_CANNOT_LEAVE' });
    expect(asView(await teamOf(owner.client)).members).toHaveLength(1);
  });
});
