import { expect, test } from '@playwright/test';
import { createVerifiedUser } from '../support/accounts';

/** Issue 29, item 15: the test-mode checkout page carries the product's logo and colours. */
test('the test-mode checkout page shows the Reframe logo and the brand colour', async ({
  page,
  request,
}) => {
  await createVerifiedUser(page, request);
  await page.goto('/app/billing');
  await page
    .getByRole('listitem', { name: 'Growth' })
    .getByRole('button', { name: 'Select Plan' })
    .click();
  await page.getByRole('button', { name: 'Proceed to Payment - $10/month' }).click();
  await expect(page).toHaveURL(/\/api\/billing\/test-checkout\/cs_test_/);

  const logo = page.getByRole('link', { name: 'Reframe' });
  await expect(logo).toHaveAttribute('href', '/');
  const mark = logo.locator('img');
  await expect(mark).toBeVisible();
  await expect
    .poll(() => mark.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Pay $10' })).toHaveCSS(
    'background-color',
    'rgb(79, 70, 229)',
  );
});
