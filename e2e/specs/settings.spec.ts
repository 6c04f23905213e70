import { expect, test } from '@playwright/test';
import { createVerifiedUser, newUser, signInThroughUi } from '../support/accounts';
import { isVerificationMail, linkIn, newestMailTo } from '../support/mailbox';

test.describe('account settings', () => {
  test('shows the email as Verified and changes it only after the new address confirms', async ({
    page,
    request,
  }) => {
    const user = await createVerifiedUser(page, request);
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByTestId('settings-email')).toHaveText(user.email);
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();

    const form = page.getByRole('region', { name: 'Change Email' });
    await form.getByRole('button', { name: 'Update Email' }).click();
    await expect(form.getByRole('alert')).toHaveText('Please fill in all fields');

    const newEmail = newUser().email;
    await form.getByLabel('Current password').fill('not-the-password');
    await form.getByLabel('New email').fill(newEmail);
    await form.getByRole('button', { name: 'Update Email' }).click();
    await expect(form.getByRole('alert')).toBeVisible();

    await form.getByLabel('Current password').fill(user.password);
    await form.getByRole('button', { name: 'Update Email' }).click();
    // Nothing has changed yet: the form says a link was sent, not that the email was updated.
    await expect(form.getByRole('status')).toContainText('Confirm your new address');
    await expect(form.getByRole('status')).not.toContainText('Email updated successfully');
    await expect(form.getByRole('status')).toContainText(newEmail);
    await expect(page.getByTestId('settings-email')).toHaveText(user.email);

    const mail = await newestMailTo(request, newEmail, isVerificationMail);
    await page.goto(linkIn(mail, '/__/auth/action'));
    await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
    await expect(page.getByText('Email updated successfully')).toBeVisible();
    await page.goto('/app/settings');
    await expect(page.getByTestId('settings-email')).toHaveText(newEmail);
  });

  test('deletes the account after the password is confirmed', async ({
    page,
    request,
    context,
  }) => {
    const user = await createVerifiedUser(page, request);
    await page.goto('/app/settings');
    await page.getByRole('button', { name: 'Delete Account' }).click();

    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();

    await dialog.getByLabel('Password').fill(user.password);
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page).toHaveURL(/\/$/);

    await context.clearCookies();
    await signInThroughUi(page, user.email, user.password);
    await expect(page.getByRole('alert')).toContainText('Failed to sign in: ');
  });
});
