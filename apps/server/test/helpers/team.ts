import type { Prediction, TeamResponse, TeamView } from '@reframe/shared';
import { expect } from 'vitest';
import { lastMailTo, signUpVerified, tokenIn, uniqueEmail } from './accounts';
import { payTestCheckout } from './checkout';
import type { TestClient } from './client';
import type { TestApp } from './test-app';
import { photo } from '../resizer/images';
import { pollUntilSettled, predictionBody, upload } from '../resizer/resizer-client';

export interface Person {
  client: TestClient;
  email: string;
  userId: string;
  name: string;
}

async function idOf(client: TestClient): Promise<string> {
  return (await client.get('/api/me')).json<{ user: { id: string } }>().user.id;
}

/** A verified user on the free tier. */
export async function person(t: TestApp, name: string): Promise<Person> {
  const email = uniqueEmail(name.toLowerCase().replace(/[^a-z]+/g, '-'));
  const { client } = await signUpVerified(t, email, name);
  return { client, email, userId: await idOf(client), name };
}

/** A verified user on Expert (175 credits), the owner of a team once they open it. */
export async function expertOwner(t: TestApp, name = 'Olive Owner'): Promise<Person> {
  const owner = await person(t, name);
  await payTestCheckout(owner.client, 'expert');
  return owner;
}

export async function teamOf(client: TestClient): Promise<TeamResponse> {
  const response = await client.get('/api/team');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TeamResponse>();
}

export function invite(client: TestClient, email: string, role: 'admin' | 'member' = 'member') {
  return client.post('/api/team/invites', { email, role });
}

/** The token of the newest invitation mail to an address. */
export function inviteTokenFor(t: TestApp, email: string): string {
  return tokenIn(lastMailTo(t, email, /invited to join/));
}

/** Invites a new verified user and has them join with the mail's link. */
export async function joinedMember(
  t: TestApp,
  owner: Person,
  name: string,
  role: 'admin' | 'member' = 'member',
): Promise<Person> {
  const member = await person(t, name);
  expect((await invite(owner.client, member.email, role)).statusCode).toBe(201);
  const joined = await member.client.post('/api/team/join', {
    token: inviteTokenFor(t, member.email),
  });
  expect(joined.statusCode, joined.body).toBe(200);
  return member;
}

export function asView(response: TeamResponse): TeamView {
  expect(response.team).not.toBeNull();
  return response as TeamView;
}

/** Sets a user's balance directly (test set-up only). */
export async function setCredits(t: TestApp, userId: string, credits: number) {
  await t.database.db
    .updateTable('user_profile')
    .set({ credits })
    .where('user_id', '=', userId)
    .execute();
}

export async function creditsOfUser(t: TestApp, userId: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('user_profile')
    .select('credits')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.credits;
}

/** One photo to 1:1, uploaded under `filename`, run to success by `who`. */
export async function runOnePhoto(t: TestApp, who: Person, filename: string): Promise<Prediction> {
  const original = await upload(t, who.client, await photo('coffee.png', 48), filename);
  const started = await who.client.post('/api/replicate', predictionBody(original.id, '1:1'));
  expect(started.statusCode).toBe(202);
  const done = await pollUntilSettled(who.client, started.json<Prediction>().id, 120_000);
  expect(done.status).toBe('succeeded');
  return done;
}
