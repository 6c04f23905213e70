import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser } from '../support/accounts';
import { openLanding } from '../support/landing';

const summary = (violations: { id: string; nodes: { target: unknown[] }[] }[]) =>
  violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );

/**
 * Every page is held to two bars: no serious or critical violation of any axe rule, and no
 * violation at all of the WCAG 2.1 A and AA rules, contrast included, on the page as a person
 * sees it. A failure names the rule and the nodes.
 */
async function expectAccessible(page: Page, where: string) {
  const all = await new AxeBuilder({ page }).analyze();
  const serious = all.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(summary(serious), `${where}: serious or critical`).toEqual([]);
  const wcag = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(summary(wcag.violations), `${where}: WCAG 2.1 A/AA`).toEqual([]);
}

const publicPages = [
  ['the landing page', '/', 'Instantly Resize and Reframe Your Images with AI'],
  ['sign in', '/signin', 'Sign in'],
  ['sign up', '/signup', 'Create your account'],
  ['forgot password', '/forgot-password', 'Reset your password'],
  ['set a new password', '/forgot-password?token=from-the-mail', 'Choose a new password'],
  ['verify email, signed out', '/verify-email', 'Verify your email'],
  [
    'a verification link with a bad code',
    '/__/auth/action?mode=verifyEmail&oobCode=not-a-real-code',
    'Verification Failed',
  ],
  ['a verification link without a code', '/__/auth/action', 'Verification Failed'],
  ['verification succeeded', '/verify-success', 'Email Verified!'],
] as const;

test.describe('accessibility (axe-core)', () => {
  for (const [name, path, heading] of publicPages) {
    test(`${name} (${path})`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
      await expectAccessible(page, path);
    });
  }

  test('the sign-in error state', async ({ page }) => {
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectAccessible(page, 'sign-in error');
  });

  test('the landing page on a phone, with the menu open', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openLanding(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.locator('#public-mobile-menu')).toBeVisible();
    await expectAccessible(page, 'landing menu');
  });

  test('every /app page of a verified user, and the resizer with a pack and a custom size selected, which names every control', async ({
    page,
    request,
  }) => {
    // Six full axe passes and a sign-up: under CI's load this ran past the default minute, which
    // would fail a test whose pages are fine.
    test.slow();
    await createVerifiedUser(page, request);
    for (const [path, heading] of [
      ['/app', 'AI Image Resizer'],
      ['/app/history', 'Your Resizing History'],
      ['/app/billing', 'Billing & Usage'],
      ['/app/team', 'Team collaboration is part of the Expert plan.'],
      ['/app/settings', 'Account Settings'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
      await expectAccessible(page, path);
    }

    await page.goto('/app');
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
    await expectAccessible(page, 'the resizer with a pack and a custom size');
  });
});
