import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { isVerificationMail, linkIn, newestMailTo } from './mailbox';

interface TestUser {
  name: string;
  email: string;
  password: string;
}

let counter = 0;

/** A user no other test has used: unique address per run, per worker process and per call. */
export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  counter += 1;
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return {
    name: 'Ada Lovelace',
    email: `ada.${id}@example.com`,
    password: 'correct-horse-1',
    ...overrides,
  };
}

/** Fills and submits the sign-up form, then waits for /verify-email. */
export async function signUpThroughUi(page: Page, user: TestUser): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByLabel(/I agree to the Terms/).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
}

/** Signs in through the form (from wherever the page is, or /signin). */
export async function signInThroughUi(page: Page, email: string, password: string): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/signin')) await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * A signed-up, verified user, signed in, on /app. It makes the calls the sign-up form and the
 * mailed link make, without drawing those pages (sign-up-and-verify.spec.ts walks them): most
 * specs need an account, not the sign-up journey, and this takes a fraction of its time.
 */
export async function createVerifiedUser(
  page: Page,
  request: APIRequestContext,
  overrides: Partial<TestUser> = {},
): Promise<TestUser> {
  const user = newUser(overrides);
  // page.request shares the browser's cookies, so the session the verification starts is the
  // page's. It sends the Origin the forms send: that of the server the test's baseURL names.
  const origin = new URL((await page.request.get('/api/health')).url()).origin;
  const headers = { origin };
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    headers,
    data: { name: user.name, email: user.email, password: user.password },
  });
  expect(signUp.status()).toBe(200);
  const mail = await newestMailTo(request, user.email, isVerificationMail);
  const code = new URL(linkIn(mail, '/__/auth/action')).searchParams.get('oobCode') ?? '';
  const verified = await page.request.get('/api/auth/verify-email', {
    headers,
    params: { token: code },
  });
  expect(verified.status()).toBe(200);
  await page.goto('/app');
  await expect(page.getByRole('heading', { name: 'AI Image Resizer' })).toBeVisible();
  return user;
}
