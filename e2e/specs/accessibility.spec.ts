import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser } from '../support/accounts';

/** WCAG 2.1 A and AA rules, contrast included, on the page as a person sees it. */
async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}

test.describe('accessibility of the account screens', () => {
  for (const [name, path, heading] of [
    ['sign in', '/signin', 'Sign in'],
    ['sign up', '/signup', 'Create your account'],
    ['forgot password', '/forgot-password', 'Reset your password'],
    ['set a new password', '/forgot-password?token=from-the-mail', 'Choose a new password'],
    ['verify email, signed out', '/verify-email', 'Verify your email'],
    ['verification failed', '/__/auth/action', 'Verification Failed'],
    ['verification succeeded', '/verify-success', 'Email Verified!'],
  ] as const) {
    test(`${name} has no WCAG A/AA violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await expectNoViolations(page);
    });
  }

  test('the sign-in error state has no WCAG A/AA violations', async ({ page }) => {
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoViolations(page);
  });

  test('the app shell and settings have no WCAG A/AA violations', async ({ page, request }) => {
    await createVerifiedUser(page, request);
    await page.goto('/app/settings');
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
    await expectNoViolations(page);
  });

  test('the resizer with a pack and a custom size selected names every control and has no WCAG A/AA violations', async ({
    page,
    request,
  }) => {
    await createVerifiedUser(page, request);
    await page.getByRole('tab', { name: 'Packs' }).click();
    await page.getByRole('checkbox', { name: 'Meta, 4 sizes', exact: true }).check({ force: true });
    await page.getByLabel('Width x height in pixels, or a ratio W:H').fill('1500x500');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('tab', { name: 'Packs, 4 selected', exact: true })).toBeVisible();
    await expect(
      page.getByRole('checkbox', { name: 'Meta Feed, 1080 × 1080', exact: true }),
    ).toBeChecked();
    await expect(page.getByRole('button', { name: 'Remove Meta, 4 sizes' })).toBeVisible();
    await page.getByRole('tab', { name: /Meta Ads/ }).click();
    await expect(page.getByRole('checkbox', { name: '9:16 (Reels)', exact: true })).toBeVisible();
    await expectNoViolations(page);
  });
});
