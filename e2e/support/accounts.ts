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

/** Opens the newest verification link mailed to the user and waits for "Email Verified!". */
async function verifyThroughMailbox(
  page: Page,
  request: APIRequestContext,
  email: string,
): Promise<void> {
  const mail = await newestMailTo(request, email, isVerificationMail);
  await page.goto(linkIn(mail, '/__/auth/action'));
  await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
}

/** Signs in through the form (from wherever the page is, or /signin). */
export async function signInThroughUi(page: Page, email: string, password: string): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/signin')) await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** A signed-up, verified user, signed in, on /app. */
export async function createVerifiedUser(
  page: Page,
  request: APIRequestContext,
  overrides: Partial<TestUser> = {},
): Promise<TestUser> {
  const user = newUser(overrides);
  await signUpThroughUi(page, user);
  await verifyThroughMailbox(page, request, user.email);
  await page.getByRole('link', { name: 'Go to App Now' }).click();
  await expect(page.getByRole('heading', { name: 'AI Image Resizer' })).toBeVisible();
  return user;
}
