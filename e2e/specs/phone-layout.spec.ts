import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser } from '../support/accounts';
import { openLanding } from '../support/landing';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('phone width (390 px)', () => {
  test('the sign-in form fits the screen', async ({ page }) => {
    await page.goto('/signin');
    const submit = page.getByRole('button', { name: 'Sign In' });
    await expect(submit).toBeVisible();
    const box = await submit.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await expectNoHorizontalScroll(page);
  });

  test('the landing top bar collapses into a menu', async ({ page }) => {
    await openLanding(page);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });

  test('the app shell sidebar becomes a top bar whose menu navigates', async ({
    page,
    request,
  }) => {
    const user = await createVerifiedUser(page, request);
    const topBar = await page.getByRole('banner').boundingBox();
    expect(topBar?.width).toBeLessThanOrEqual(390);

    const menu = page.locator('#app-mobile-menu');
    await expect(page.getByRole('link', { name: 'Settings' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu.getByTestId('user-email')).toHaveText(user.email);
    await menu.getByRole('link', { name: 'Settings' }).click();

    await expect(page).toHaveURL(/\/app\/settings$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
    await expectNoHorizontalScroll(page);

    // Team sits under Billing in the menu too (issue 26).
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu.getByRole('link')).toContainText(['Billing', 'Team', 'Settings']);
    await menu.getByRole('link', { name: 'Team' }).click();
    await expect(page).toHaveURL(/\/app\/team$/);
    await expect(page.getByText('Team collaboration is part of the Expert plan.')).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
