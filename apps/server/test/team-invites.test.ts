import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, signUp, uniqueEmail } from './helpers/accounts';
import { TestClient } from './helpers/client';
import { createTestApp, type TestApp } from './helpers/test-app';
import {
  asView,
  expertOwner,
  invite,
  inviteTokenFor,
  joinedMember,
  person,
  teamOf,
} from './helpers/team';

/** Invitations (issue 26): seats, the invitee's other team, the token's life, the mail. */
describe('team invitations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TEAM_INVITES_PER_HOUR: '6' } });
  });
  afterAll(() => t.close());

  it('has no team for a user who is not on Expert, and makes an Expert owner one', async () => {
    const free = await person(t, 'Fay Free');
    expect(await teamOf(free.client)).toEqual({ team: null, eligible: false });
    const refused = await invite(free.client, uniqueEmail());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'TEAM_NOT_IN_PLAN' });

    const owner = await expertOwner(t);
    const view = asView(await teamOf(owner.client));
    expect(view).toMatchObject({
      team: { ownerName: 'Olive Owner', seatsUsed: 1, seatLimit: 5, suspended: false },
      role: 'owner',
      members: [
        {
          userId: owner.userId,
          name: 'Olive Owner',
          email: owner.email,
          role: 'owner',
          creditsUsedThisMonth: 0,
        },
      ],
      invites: [],
    });
  });

  it('mails a single-use link whose token is stored only as a hash', async () => {
    const owner = await expertOwner(t);
    const email = uniqueEmail('invitee');
    const response = await invite(owner.client, email.toUpperCase(), 'admin');
    expect(response.statusCode, response.body).toBe(201);
    const { invite: created } = response.json<{
      invite: { id: string; email: string; role: string };
    }>();
    expect(created).toMatchObject({ email, role: 'admin' });

    const mail = lastMailTo(t, email);
    expect(mail?.subject).toBe("You're invited to join Olive Owner's team on Reframe");
    const link = /http:\/\/localhost:3000\/team\/join\?token=([A-Za-z0-9_-]+)/.exec(
      mail?.text ?? '',
    );
    expect(link).not.toBeNull();
    const token = link?.[1] ?? '';
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const row = await t.database.db
      .selectFrom('team_invite')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(
      7 * 24 * 60 * 60_000,
    );

    const invitee = await person(t, 'Ivy Invitee');
    expect((await invitee.client.get(`/api/team/invitation?token=${token}`)).json()).toEqual({
      ownerName: 'Olive Owner',
      email,
      role: 'admin',
    });
  });

  it('refuses a bad address or role with a clear message, sending nothing', async () => {
    const owner = await expertOwner(t);
    const badEmail = await owner.client.post('/api/team/invites', {
      email: 'nope',
      role: 'member',
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({ code: 'INVALID_EMAIL' });
    const email = uniqueEmail('bad-role');
    const owner2 = await owner.client.post('/api/team/invites', { email, role: 'owner' });
    expect(owner2.statusCode).toBe(400);
    expect(owner2.json()).toEqual({
      code: 'TEAM_ROLE_INVALID',
      message: 'Please choose a role: Admin or Member.',
    });
    expect(lastMailTo(t, email)).toBeUndefined();
    expect(asView(await teamOf(owner.client)).invites).toEqual([]);
  });

  it('refuses a fifth other person: pending invitations count as seats', async () => {
    const owner = await expertOwner(t);
    await joinedMember(t, owner, 'Mia Member');
    for (let i = 0; i < 3; i += 1) {
      expect((await invite(owner.client, uniqueEmail('seat'))).statusCode).toBe(201);
    }
    const full = await invite(owner.client, uniqueEmail('seat'));
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({
      code: 'TEAM_NO_FREE_SEATS',
      message: 'Your team has no free seats.',
    });
    const view = asView(await teamOf(owner.client));
    expect(view.team.seatsUsed).toBe(5);
    expect(view.invites).toHaveLength(3);

    // Revoking one frees its seat.
    expect((await owner.client.delete(`/api/team/invites/${view.invites[0]?.id}`)).statusCode).toBe(
      204,
    );
    expect((await invite(owner.client, uniqueEmail('seat'))).statusCode).toBe(201);
  });

  it('refuses a person already in a team, and the owner themself', async () => {
    const first = await expertOwner(t, 'First Owner');
    const member = await joinedMember(t, first, 'Taken Member');
    const second = await expertOwner(t, 'Second Owner');
    const taken = await invite(second.client, member.email);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: 'TEAM_ALREADY_IN_TEAM',
      message: 'This person is already in a team.',
    });
    expect((await invite(second.client, second.email)).statusCode).toBe(409);
    expect((await invite(second.client, first.email)).statusCode).toBe(409);
  });

  it('lets only the invited address join, once', async () => {
    const owner = await expertOwner(t);
    const invitee = await person(t, 'Right Person');
    const stranger = await person(t, 'Wrong Person');
    await invite(owner.client, invitee.email);
    const token = inviteTokenFor(t, invitee.email);

    const wrong = await stranger.client.post('/api/team/join', { token });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({
      code: 'TEAM_INVITE_WRONG_ACCOUNT',
      message:
        'This invitation was sent to another email address. Sign in with that address to join.',
    });
    expect(await teamOf(stranger.client)).toEqual({ team: null, eligible: false });

    const joined = await invitee.client.post('/api/team/join', { token });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ role: 'member', team: { seatsUsed: 2 } });

    const again = await invitee.client.post('/api/team/join', { token });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'TEAM_INVITE_USED' });
    expect((await invitee.client.get(`/api/team/invitation?token=${token}`)).statusCode).toBe(410);
  });

  it('answers an expired, a revoked and an unknown token with a clear message, joining nothing', async () => {
    const owner = await expertOwner(t);
    const late = await person(t, 'Late Person');
    await invite(owner.client, late.email);
    const lateToken = inviteTokenFor(t, late.email);
    await t.database.db
      .updateTable('team_invite')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', late.email)
      .execute();
    const expired = await late.client.post('/api/team/join', { token: lateToken });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({
      code: 'TEAM_INVITE_EXPIRED',
      message: 'This invitation has expired. Ask the team owner to send a new one.',
    });

    const withdrawn = await person(t, 'Withdrawn Person');
    const created = await invite(owner.client, withdrawn.email);
    const inviteId = created.json<{ invite: { id: string } }>().invite.id;
    expect((await owner.client.delete(`/api/team/invites/${inviteId}`)).statusCode).toBe(204);
    const revoked = await withdrawn.client.post('/api/team/join', {
      token: inviteTokenFor(t, withdrawn.email),
    });
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json()).toMatchObject({ code: 'TEAM_INVITE_REVOKED' });

    const guessed = await late.client.get(
      `/api/team/invitation?token=${Buffer.alloc(32, 7).toString('base64url')}`,
    );
    expect(guessed.statusCode).toBe(404);
    expect(guessed.json()).toMatchObject({ code: 'TEAM_INVITE_UNKNOWN' });

    expect(asView(await teamOf(owner.client)).members).toHaveLength(1);
    expect(await teamOf(late.client)).toEqual({ team: null, eligible: false });
  });

  it('is for signed-in, verified users only, but the invitation its token shows (issue 41)', async () => {
    const owner = await expertOwner(t);
    await invite(owner.client, uniqueEmail('unverified'));
    const anonymous = new TestClient(t.app, t.config.server.appOrigin);
    expect((await anonymous.get('/api/team')).statusCode).toBe(401);
    expect((await anonymous.post('/api/team/join', { token: 'x' })).statusCode).toBe(401);
    // The invitation's details are the token's alone: sign-up from it fills in the address.
    const email = uniqueEmail('signed-out');
    await invite(owner.client, email);
    const shown = await anonymous.get(`/api/team/invitation?token=${inviteTokenFor(t, email)}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ email, role: 'member' });
    expect((await anonymous.get('/api/team/invitation?token=x')).statusCode).toBe(404);
    // Sign-up before verifying the address gives no session.
    const { client: unverified } = await signUp(t, uniqueEmail('unverified'));
    expect((await unverified.get('/api/team')).statusCode).toBe(401);
    expect((await unverified.post('/api/team/join', { token: 'x' })).statusCode).toBe(401);
  });

  it('stops a team sending more invitations than the hourly limit (429)', async () => {
    const owner = await expertOwner(t);
    const view = asView(await teamOf(owner.client));
    for (let i = 0; i < 6; i += 1) {
      const sent = await invite(owner.client, uniqueEmail('flood'));
      expect(sent.statusCode).toBe(201);
      const id = sent.json<{ invite: { id: string } }>().invite.id;
      expect((await owner.client.delete(`/api/team/invites/${id}`)).statusCode).toBe(204);
    }
    const email = uniqueEmail('flood');
    const refused = await invite(owner.client, email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TEAM_INVITES_HOURLY_LIMIT' });
    expect(lastMailTo(t, email)).toBeUndefined();
    expect(asView(await teamOf(owner.client)).team).toEqual(view.team);
  });
});
