import { expect, test } from '@playwright/test';
import { createVerifiedUser, signInThroughUi } from '../support/accounts';
import { isResetMail, linkIn, newestMailTo } from '../support/mailbox';

test('a user who forgot the password resets it from the emailed link and signs in', async ({
  page,
  request,
  context,
}) => {
  const user = await createVerifiedUser(page, request);
  await context.clearCookies();

  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status')).toContainText('Check your inbox');

  const mail = await newestMailTo(request, user.email, isResetMail);
  await page.goto(linkIn(mail, '/forgot-password'));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill('after-reset-9');
  await page.getByLabel('Confirm new password').fill('after-reset-8');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');

  await page.getByLabel('Confirm new password').fill('after-reset-9');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been reset');
  await page.getByRole('link', { name: 'Sign In', exact: true }).click();

  await signInThroughUi(page, user.email, 'after-reset-9');
  await expect(page).toHaveURL(/\/app$/);
});

test('asking for a reset answers the same for an unknown address', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('nobody.at.all@example.com');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status')).toContainText('Check your inbox');
});
