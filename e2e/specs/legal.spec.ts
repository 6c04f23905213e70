import { expect, test } from '@playwright/test';

/** Issue 29, item 13: the sign-up box links to real Terms of Service and Privacy Policy pages. */
test('the terms box on sign-up links to /terms and /privacy, which say what is kept and how to delete it', async ({
  page,
}) => {
  await page.goto('/signup');
  const box = page.getByRole('checkbox', {
    name: 'I agree to the Terms of Service and Privacy Policy',
    exact: true,
  });
  await expect(box).toBeVisible();

  const [terms] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Terms of Service' }).click(),
  ]);
  await expect(terms).toHaveURL(/\/terms$/);
  await expect(terms.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(terms.getByRole('heading', { name: 'Credits and plans' })).toBeVisible();
  await expect(terms).toHaveTitle('Terms of Service · Reframe');

  const [privacy] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Privacy Policy' }).click(),
  ]);
  await expect(privacy).toHaveURL(/\/privacy$/);
  await expect(privacy.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  for (const heading of ['What we store', 'How long we keep it', 'How to delete it']) {
    await expect(privacy.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expect(privacy.getByText(/Stripe takes your card details/)).toBeVisible();
  await expect(privacy.getByText(/in Settings, choose Delete Account/)).toBeVisible();

  // The form was left as it was: the box is still there to tick.
  await box.check();
  await expect(box).toBeChecked();
});

test('the pages are public and linked from the landing page footer', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
});
