import { expect } from 'vitest';
import type { SentMail } from '../../src/adapters/mail/mailer';
import type { TestApp } from './test-app';
import { TestClient } from './client';

let counter = 0;

/** A new unique email address per call. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}

export const PASSWORD = 'correct-horse-1';

/** The newest outbox message to an address, optionally by subject. */
export function lastMailTo(t: TestApp, to: string, subject?: RegExp): SentMail | undefined {
  return t.mailer.sent?.().find((m) => m.to === to && (!subject || subject.test(m.subject)));
}

export function mailsTo(t: TestApp, to: string): SentMail[] {
  return t.mailer.sent?.().filter((m) => m.to === to) ?? [];
}

/** The `oobCode` (verification) or `token` (reset) carried by the first link of a mail. */
export function tokenIn(mail: SentMail | undefined): string {
  expect(mail, 'expected a mail').toBeDefined();
  const link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? '';
  const url = new URL(link);
  const token = url.searchParams.get('oobCode') ?? url.searchParams.get('token');
  expect(token, `no token in ${link}`).toBeTruthy();
  return token ?? '';
}

export async function signUp(t: TestApp, email = uniqueEmail(), name = 'Test User') {
  const client = new TestClient(t.app, t.config.server.appOrigin);
  const response = await client.post('/api/auth/sign-up/email', {
    name,
    email,
    password: PASSWORD,
  });
  expect(response.statusCode).toBe(200);
  return { client, email };
}

/** Signs up, opens the verification link (which signs the browser in) and returns that browser. */
export async function signUpVerified(t: TestApp, email = uniqueEmail(), name = 'Test User') {
  const { client } = await signUp(t, email, name);
  const token = tokenIn(lastMailTo(t, email, /Verify/));
  const response = await client.get(`/api/auth/verify-email?token=${token}`);
  expect(response.statusCode).toBe(200);
  return { client, email };
}

export async function signIn(t: TestApp, email: string, password = PASSWORD) {
  const client = new TestClient(t.app, t.config.server.appOrigin);
  const response = await client.post('/api/auth/sign-in/email', { email, password });
  return { client, response };
}
