import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser } from '../support/accounts';
import { openLanding } from '../support/landing';

/** Serious and critical axe violations, summarised so a failure names the rule and the nodes. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

const publicPages = [
  { path: '/', ready: 'Instantly Resize and Reframe Your Images with AI' },
  { path: '/signin', ready: 'Sign in' },
  { path: '/signup', ready: 'Create your account' },
  { path: '/forgot-password', ready: 'Reset your password' },
  { path: '/verify-email', ready: null },
  { path: '/__/auth/action?mode=verifyEmail&oobCode=not-a-real-code', ready: null },
  { path: '/verify-success', ready: null },
] as const;

test.describe('accessibility (axe-core): no serious or critical violations', () => {
  for (const { path, ready } of publicPages) {
    test(`public page ${path}`, async ({ page }) => {
      await page.goto(path);
      if (ready) await expect(page.getByRole('heading', { name: ready }).first()).toBeVisible();
      else await expect(page.getByRole('heading').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('the landing page on a phone, with the menu open', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openLanding(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.locator('#public-mobile-menu')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('every /app page of a verified user', async ({ page, request }) => {
    await createVerifiedUser(page, request);
    for (const { path, heading } of [
      { path: '/app', heading: 'AI Image Resizer' },
      { path: '/app/history', heading: 'Your Resizing History' },
      { path: '/app/billing', heading: 'Billing & Usage' },
      { path: '/app/team', heading: 'Team collaboration is part of the Expert plan.' },
      { path: '/app/settings', heading: /Settings/ },
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
});
