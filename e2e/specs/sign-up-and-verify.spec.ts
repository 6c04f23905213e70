import { expect, test } from '@playwright/test';
import { newUser, signInThroughUi, signUpThroughUi } from '../support/accounts';
import { isVerificationMail, linkIn, newestMailTo } from '../support/mailbox';

test.describe('sign up and verify', () => {
  test('a newcomer signs up, opens the emailed link and lands on /app after the countdown', async ({
    page,
    request,
  }) => {
    const user = newUser();
    await signUpThroughUi(page, user);

    await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    await expect(page.getByTestId('verify-email-address')).toHaveText(user.email);
    await expect(page.getByRole('button', { name: 'Resend Verification Email' })).toBeVisible();

    // Sign-up starts no session, yet /app sends the newcomer back here (issue 29). Signing in
    // before verifying gives a session, and /app still sends the user to /verify-email until the
    // address is verified.
    await page.goto('/app');
    await expect(page).toHaveURL(/\/verify-email$/);
    await signInThroughUi(page, user.email, user.password);
    await expect(page).toHaveURL(/\/verify-email$/);
    await expect(page.getByTestId('verify-email-address')).toHaveText(user.email);
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();

    const mail = await newestMailTo(request, user.email, isVerificationMail);
    const link = linkIn(mail, '/__/auth/action');
    const url = new URL(link);
    expect(url.searchParams.get('mode')).toBe('verifyEmail');
    expect(url.searchParams.get('oobCode')).toBeTruthy();
    expect(url.searchParams.get('continueUrl')).toMatch(/\/verify-success$/);

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
    await expect(page.getByTestId('countdown')).toContainText(
      /Redirecting to the app in (10|9) seconds/,
    );
    await expect(page.getByRole('link', { name: 'Go to App Now' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home Page' })).toBeVisible();

    await expect(page).toHaveURL(/\/app$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'AI Image Resizer' })).toBeVisible();
    await expect(page.getByTestId('user-email')).toHaveText(user.email);
    await expect(page.getByTestId('user-name')).toHaveText(user.name);

    // The same link opened again says the address is already verified (issue 16).
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Email Already Verified' })).toBeVisible();
    await expect(
      page.getByText('This email address is already verified. You can sign in.'),
    ).toBeVisible();
  });

  test('resending the verification email delivers a second link', async ({ page, request }) => {
    const user = newUser();
    await signUpThroughUi(page, user);
    await newestMailTo(request, user.email, isVerificationMail);

    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Verification email sent' }),
    ).toBeVisible();
    const response = await request.get('/api/dev/mail');
    const mails = (await response.json()) as { to: string }[];
    expect(mails.filter((mail) => mail.to.includes(user.email)).length).toBeGreaterThanOrEqual(2);

    // Right after sign-up the screen has the brief's Sign Out: it forgets the pending sign-up.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/verify-email');
    await expect(page.getByText('You are not signed in')).toBeVisible();

    // The newest link still verifies, and Go to App Now leads straight into the app.
    const mail = await newestMailTo(request, user.email, isVerificationMail);
    await page.goto(linkIn(mail, '/__/auth/action'));
    await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to App Now' }).click();
    await expect(page.getByRole('heading', { name: 'AI Image Resizer' })).toBeVisible();
  });

  test('the sign-up form shows the brief messages for bad input', async ({ page }) => {
    await page.goto('/signup');
    const terms = page.getByLabel(/I agree to the Terms/);
    const submit = page.getByRole('button', { name: 'Sign Up' });

    await terms.check();
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');

    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByLabel('Confirm password').fill('secret2');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match');

    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm password').fill('abc');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Password must be at least 6 characters');

    // The server refuses the most common passwords; the form shows its message.
    await page.getByLabel('Password', { exact: true }).fill('password1');
    await page.getByLabel('Confirm password').fill('password1');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText(
      'This password is one of the most common and easy to guess. Please choose another one.',
    );
    await expect(page).toHaveURL(/\/signup$/);

    // The terms box is required by the form itself: nothing is sent without it.
    await terms.uncheck();
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByLabel('Confirm password').fill('secret1');
    await submit.click();
    await expect(page).toHaveURL(/\/signup$/);
    expect(await terms.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(
      true,
    );
  });

  test('a forged verification code fails cleanly with the way back', async ({ page }) => {
    await page.goto('/__/auth/action?mode=verifyEmail&oobCode=forged-code&apiKey=k');
    await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('Verification link invalid or expired');
    await expect(page.getByRole('link', { name: 'Go to Sign In' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Home Page' })).toBeVisible();
  });

  test('a link without a code names what is missing, and the debug block shows it', async ({
    page,
  }) => {
    await page.goto('/__/auth/action?mode=resetPassword');
    await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(
      'Invalid verification link. Mode: resetPassword, Code: missing',
    );
    await page.getByText('Debug information').click();
    await expect(page.getByText('resetPassword', { exact: true })).toBeVisible();
  });

  test('/verify-success with no query string is a success', async ({ page }) => {
    await page.goto('/verify-success');
    await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
  });
});
