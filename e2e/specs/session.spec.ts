import { expect, test } from '@playwright/test';
import { createVerifiedUser, signInThroughUi } from '../support/accounts';

test.describe('guards, sign in and sign out', () => {
  test('a signed-out visitor is sent to /signin and returned to the page they asked for', async ({
    page,
    request,
    context,
  }) => {
    const user = await createVerifiedUser(page, request);
    await context.clearCookies();

    await page.goto('/app/history');
    await expect(page).toHaveURL(/\/signin$/);

    await signInThroughUi(page, user.email, user.password);
    await expect(page).toHaveURL(/\/app\/history$/);
    await expect(page.getByRole('heading', { name: 'Your Resizing History' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'History' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // Sign-in replaced its history entry: Back does not return to the form.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/signin/);
  });

  test('sign in defaults to /app and shows the same message for any bad credentials', async ({
    page,
    request,
    context,
  }) => {
    const user = await createVerifiedUser(page, request);
    await context.clearCookies();
    await page.goto('/signin');

    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');

    await signInThroughUi(page, user.email, 'not-my-password');
    const wrongPassword = await page.getByRole('alert').textContent();
    expect(wrongPassword).toMatch(/^Failed to sign in: /);

    await signInThroughUi(page, 'nobody.here@example.com', 'not-my-password');
    await expect(page.getByRole('alert')).toHaveText(wrongPassword ?? '');

    await signInThroughUi(page, user.email, user.password);
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByRole('heading', { name: 'AI Image Resizer' })).toBeVisible();
  });

  test('signing out from the sidebar goes to / and closes the app', async ({ page, request }) => {
    await createVerifiedUser(page, request);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Try for Free' }),
    ).toBeVisible();

    await page.goto('/app');
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('the landing top bar offers Go to App when signed in', async ({ page, request }) => {
    await createVerifiedUser(page, request);
    await page.goto('/');
    await expect(
      page.getByRole('heading', { name: 'Instantly Resize and Reframe Your Images with AI' }),
    ).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Go to App' })).toBeVisible();
    await expect(
      page.getByTestId('hero-cta').locator('..').getByText('No credit card required'),
    ).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Try for Free' }).click();
    await expect(page).toHaveURL(/\/app$/);
  });

  test('an unknown path redirects to /', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  });
});
