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

/** Item 15: the page is set in the app's Inter, a font file from our own origin. */
test('the test-mode checkout page is set in Inter, served by the app itself', async ({
  page,
  request,
  baseURL,
}) => {
  await createVerifiedUser(page, request);
  await page.goto('/app/billing');
  await page
    .getByRole('listitem', { name: 'Growth' })
    .getByRole('button', { name: 'Select Plan' })
    .click();
  const requested: string[] = [];
  page.on('request', (sent) => requested.push(sent.url()));
  await page.getByRole('button', { name: 'Proceed to Payment - $10/month' }).click();
  await expect(page).toHaveURL(/\/api\/billing\/test-checkout\/cs_test_/);

  const heading = page.getByRole('heading', { name: 'Subscribe to Growth' });
  await expect(heading).toHaveCSS('font-family', /^"Inter Variable"/);
  const loadedInter = () =>
    page.evaluate(async () => {
      await document.fonts.ready;
      let loaded = 0;
      document.fonts.forEach((face) => {
        if (face.family.replaceAll('"', '') === 'Inter Variable' && face.status === 'loaded') {
          loaded += 1;
        }
      });
      return loaded;
    });
  await expect.poll(loadedInter).toBeGreaterThan(0);
  const fontStylesheet = await request.get('/fonts.css');
  expect(fontStylesheet.ok()).toBe(true);
  for (const [face] of (await fontStylesheet.text()).matchAll(/\/assets\/[^')]+\.woff2/g)) {
    const file = await request.get(face);
    expect(file.headers()['content-type']).toBe('font/woff2');
  }
  expect(requested.filter((url) => !url.startsWith(`${baseURL}/`))).toEqual([]);
});
