import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { fixtureImage } from '@reframe/fixtures';
import { createVerifiedUser } from '../support/accounts';

/**
 * Issue 29, item 14: deleting a run and leaving a running one ask in the app's own dialog, never
 * the browser's confirm(). A small photo keeps the engine quick.
 */
async function smallCoffee() {
  const buffer = await sharp(await readFile(fixtureImage('coffee.png')))
    .resize(240, 160)
    .png()
    .toBuffer();
  return { name: 'small-coffee.png', mimeType: 'image/png', buffer };
}

/** Fails the test if the page opens a browser dialog (alert, confirm, prompt). */
function refuseBrowserDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(dialog.message());
    void dialog.dismiss();
  });
  return opened;
}

/** Tab and Shift+Tab keep the focus on the dialog's buttons. */
async function expectFocusTrapped(page: Page, dialogName: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
}

test('deleting a run asks in the app dialog: Escape cancels, focus comes back', async ({
  page,
  request,
}) => {
  const browserDialogs = refuseBrowserDialogs(page);
  await createVerifiedUser(page, request);
  await page.locator('input[type=file]').setInputFiles(await smallCoffee());
  await expect(page.getByTestId('original-ratio')).toHaveText('1.50:1');
  await page.getByTestId('process-button').click();
  await expect(page.getByTestId('result')).toHaveCount(1, { timeout: 60_000 });

  await page.getByRole('link', { name: 'History' }).click();
  const card = page.getByTestId('history-card');
  const deleteButton = card.getByRole('button', { name: 'Delete the run of small-coffee.png' });
  await deleteButton.click();
  const dialog = page.getByRole('dialog', { name: 'Delete this run?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    'Its original and all of its images are deleted. This cannot be undone.',
  );
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectFocusTrapped(page, 'Delete this run?');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card).toBeVisible();
  await expect(deleteButton).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete Run' }).click();
  await expect(page.getByText('No history yet')).toBeVisible();
  expect(browserDialogs).toEqual([]);
});

test('leaving a running run asks in the app dialog: Stay keeps it, Leave goes', async ({
  page,
  request,
}) => {
  const browserDialogs = refuseBrowserDialogs(page);
  await createVerifiedUser(page, request);
  await page.locator('input[type=file]').setInputFiles(await smallCoffee());
  await expect(page.getByTestId('original-ratio')).toHaveText('1.50:1');

  // Polls wait until the test lets them through: the run stays in progress meanwhile.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/replicate?*', async (route) => {
    await released;
    await route.continue();
  });
  await page.getByTestId('process-button').click();
  await expect(page.getByRole('heading', { name: 'Processing Queue' })).toBeVisible();

  const historyLink = page.getByRole('link', { name: 'History' });
  await historyLink.click();
  const dialog = page.getByRole('dialog', { name: 'Leave while processing?' });
  await expect(dialog).toContainText(
    'Your images are still processing. Leave and stop following them?',
  );
  await expect(dialog.getByRole('button', { name: 'Stay' })).toBeFocused();
  await expectFocusTrapped(page, 'Leave while processing?');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/app$/);
  await expect(historyLink).toBeFocused();

  await historyLink.click();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/app$/);

  await historyLink.click();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/app\/history$/);
  release();
  expect(browserDialogs).toEqual([]);
});
