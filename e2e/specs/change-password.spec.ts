import { expect, test } from '@playwright/test';
import { createVerifiedUser, signInThroughUi } from '../support/accounts';

test('a user changes the password, signs out, and signs in with the new one', async ({
  page,
  request,
}) => {
  const user = await createVerifiedUser(page, request);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/app\/settings$/);

  const form = page.getByRole('region', { name: 'Change Password' });
  const submit = form.getByRole('button', { name: 'Update Password' });

  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('Please fill in all fields');

  await form.getByLabel('Current password').fill(user.password);
  await form.getByLabel('New password', { exact: true }).fill('brand-new-pass-2');
  await form.getByLabel('Confirm new password').fill('brand-new-pass-3');
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('New passwords do not match');

  await form.getByLabel('Current password').fill('not-the-password');
  await form.getByLabel('Confirm new password').fill('brand-new-pass-2');
  await submit.click();
  await expect(form.getByRole('alert')).toBeVisible();
  await expect(form.getByRole('alert')).not.toHaveText('New passwords do not match');

  await form.getByLabel('Current password').fill(user.password);
  await form.getByLabel('New password', { exact: true }).fill('brand-new-pass-2');
  await form.getByLabel('Confirm new password').fill('brand-new-pass-2');
  await submit.click();
  await expect(form.getByRole('status')).toHaveText('Password updated successfully');

  await page
    .getByRole('region', { name: 'Session' })
    .getByRole('button', { name: 'Sign Out' })
    .click();
  await expect(page).toHaveURL(/\/$/);

  await signInThroughUi(page, user.email, user.password);
  await expect(page.getByRole('alert')).toContainText('Failed to sign in: ');

  await signInThroughUi(page, user.email, 'brand-new-pass-2');
  await expect(page).toHaveURL(/\/app$/);
});
