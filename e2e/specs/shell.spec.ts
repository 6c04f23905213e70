import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, newUser, signInThroughUi, signUpThroughUi } from '../support/accounts';
import { openLanding } from '../support/landing';

/** Issue 29, items 10 and 12: the phone menus and where signed-in visitors are sent. */

const appMenu = (page: Page) => page.locator('#app-mobile-menu');
const openMenuButton = (page: Page) => page.getByRole('button', { name: 'Open menu' });

test.describe('the app menu on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('closes on Escape, on a tap outside and on navigation; the tap reaches nothing behind', async ({
    page,
    request,
  }) => {
    await createVerifiedUser(page, request);
    await page.goto('/app/history');
    const goToResizer = page.getByRole('link', { name: 'Go to the Resizer' });
    await expect(goToResizer).toBeVisible();

    await openMenuButton(page).click();
    await expect(appMenu(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(appMenu(page)).toBeHidden();
    await expect(openMenuButton(page)).toBeFocused();

    // A tap outside the menu, right where the page behind has a link: the menu closes, and the
    // link is not followed.
    await openMenuButton(page).click();
    const menuBox = await appMenu(page).boundingBox();
    const behind = await goToResizer.boundingBox();
    expect(behind && menuBox && behind.y > menuBox.y + menuBox.height).toBe(true);
    await page.touchscreen.tap(behind!.x + behind!.width / 2, behind!.y + behind!.height / 2);
    await expect(appMenu(page)).toBeHidden();
    await expect(page).toHaveURL(/\/app\/history$/);

    await openMenuButton(page).click();
    await appMenu(page).getByRole('link', { name: 'Billing' }).click();
    await expect(page).toHaveURL(/\/app\/billing$/);
    await expect(appMenu(page)).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Billing & Usage' })).toBeVisible();
  });
});

test.describe('the landing menu on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('is drawn on an opaque panel: the hero does not show through it', async ({ page }) => {
    await openLanding(page);
    await openMenuButton(page).click();
    const menu = page.locator('#public-mobile-menu');
    await expect(menu.getByRole('link', { name: 'Features' })).toBeVisible();
    // Every box from the menu up to the page's top bar paints solid white or nothing at all.
    const backgrounds = await menu.evaluate((element) => {
      const colours: string[] = [];
      for (
        let node: Element | null = element;
        node && node.tagName !== 'BODY';
        node = node.parentElement
      ) {
        colours.push(getComputedStyle(node).backgroundColor);
      }
      return colours;
    });
    expect(backgrounds).toContain('rgb(255, 255, 255)');
    for (const colour of backgrounds)
      expect(['rgb(255, 255, 255)', 'rgba(0, 0, 0, 0)']).toContain(colour);
  });
});

test.describe('redirects', () => {
  test('a signed-in, verified user who opens /signin or /signup goes to /app', async ({
    page,
    request,
  }) => {
    await createVerifiedUser(page, request);
    for (const path of ['/signin', '/signup']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/app$/);
      await expect(page.getByRole('heading', { name: 'AI Image Resizer' })).toBeVisible();
    }
  });

  test('a user who has not verified the address and opens /app goes to /verify-email', async ({
    page,
  }) => {
    const user = newUser();
    await signUpThroughUi(page, user);
    await page.goto('/app');
    await expect(page).toHaveURL(/\/verify-email$/);
    await expect(page.getByTestId('verify-email-address')).toHaveText(user.email);

    // Signed in (not verified yet): the same.
    await page.goto('/signin');
    await signInThroughUi(page, user.email, user.password);
    await expect(page).toHaveURL(/\/verify-email$/);
    await page.goto('/app/history');
    await expect(page).toHaveURL(/\/verify-email$/);
    await expect(page.getByTestId('verify-email-address')).toHaveText(user.email);
  });
});
