import { expect, test } from '@playwright/test';
import { createVerifiedUser } from '../support/accounts';

test.describe('switching plan (issue 41)', () => {
  test('Growth → Expert: the switch page says what happens, the credits carry over, Billing says it is done', async ({
    page,
    request,
  }) => {
    await createVerifiedUser(page, request);
    await page.getByRole('link', { name: 'Billing', exact: true }).click();
    await page.getByRole('listitem', { name: 'Growth' }).getByRole('button').click();
    await page.getByRole('button', { name: 'Proceed to Payment - $10/month' }).click();
    await page.getByRole('button', { name: 'Pay $10' }).click();
    await expect(page.getByTestId('Remaining credits')).toHaveText('75');

    const expertCard = page.getByRole('listitem', { name: 'Expert' });
    await expertCard.getByRole('button', { name: 'Select Plan' }).click();
    await expect(page.getByTestId('balance-after-upgrade')).toHaveText(
      'Your 75 credits left carry over: Expert adds 175, so your balance becomes 250 credits.',
    );
    await page.getByRole('button', { name: 'Proceed to Payment - $20/month' }).click();

    await expect(page).toHaveURL(/\/api\/billing\/test-portal\/[^/]+\/switch\/expert$/);
    await expect(page.getByRole('heading', { name: 'Switch to Expert' })).toBeVisible();
    await expect(page.getByText('$20 per month').first()).toBeVisible();
    const charge = (await page.getByTestId('charge-today').textContent()) ?? '';
    expect(charge).toMatch(/^\$\d+\.\d\d$/);
    await expect(page.getByTestId('balance-after')).toHaveText('250 credits');
    await expect(page.getByRole('note')).toHaveText(
      'Your 75 credits left carry over and Expert adds its 175 credits at once.',
    );
    await page.getByRole('button', { name: `Switch and pay ${charge}` }).click();

    await expect(page).toHaveURL(/\/app\/billing\?switched=expert$/);
    await expect(page.getByTestId('switched-notice')).toHaveText(
      'You are now on Expert. Your balance is 250 credits.',
    );
    await expect(page.getByTestId('Remaining credits')).toHaveText('250');
    await expect(expertCard.getByRole('button', { name: 'Current Plan' })).toBeVisible();
  });
});
