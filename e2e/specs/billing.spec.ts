import { expect, test } from '@playwright/test';
import { createVerifiedUser } from '../support/accounts';

test.describe('billing in test mode', () => {
  test('buys Growth, cancels it, keeps it until the period ends, then is back on free', async ({
    page,
    request,
  }) => {
    await createVerifiedUser(page, request);
    await page.getByRole('link', { name: 'Billing' }).click();
    await expect(page.getByRole('heading', { name: 'Billing & Usage' })).toBeVisible();
    await expect(
      page.getByText('Test mode is active - no real charges will be made'),
    ).toBeVisible();

    const freeCard = page.getByRole('listitem', { name: 'Free Tier' });
    await expect(freeCard.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    const growthCard = page.getByRole('listitem', { name: 'Growth' });
    await expect(growthCard).toContainText('$0.13 per resize');
    await expect(page.getByRole('listitem', { name: 'Expert' })).toContainText('$0.11 per resize');
    await expect(page.getByRole('listitem', { name: 'Expert' })).toContainText(
      'Team of up to 5 with a shared credit pool',
    );
    await growthCard.getByRole('button', { name: 'Select Plan' }).click();
    await expect(growthCard.getByRole('button', { name: 'Selected' })).toBeVisible();
    // Said before payment: a new user's 5 free credits are topped up to 75, not added to them.
    await expect(page.getByTestId('balance-after-upgrade')).toHaveText(
      'Your balance becomes 75 credits; free credits do not carry over.',
    );

    await page.getByRole('button', { name: 'Proceed to Payment - $10/month' }).click();
    await expect(page).toHaveURL(/\/api\/billing\/test-checkout\/cs_test_/);
    await expect(page.getByRole('heading', { name: 'Subscribe to Growth' })).toBeVisible();
    await expect(
      page.getByText('Test mode is active - no real charges will be made'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Pay $10' }).click();

    await expect(page).toHaveURL(/\/app\/billing\?success=true&plan=growth$/);
    await expect(
      page.getByText('Payment successful! Your account has been credited.'),
    ).toBeVisible();
    await expect(page.getByTestId('Remaining credits')).toHaveText('75');
    await expect(growthCard.getByRole('button', { name: 'Current Plan' })).toBeVisible();

    await page.getByRole('button', { name: 'Change or Cancel Plan' }).click();
    await expect(page).toHaveURL(/\/api\/billing\/test-portal\//);
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    await expect(page).toHaveURL(/\/app\/billing$/);
    await expect(page.getByTestId('subscription-status')).toContainText(
      'Growth stays active until',
    );
    await expect(growthCard.getByRole('button', { name: 'Current Plan' })).toBeVisible();
    await expect(page.getByTestId('Plan')).toHaveText('Growth');

    // The billing clock is for a signed-in user on this machine: the page's own session.
    const advanced = await page.request.post('/api/dev/billing/advance-clock', {
      data: { days: 32 },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(advanced.ok()).toBe(true);
    await page.reload();
    await expect(page.getByTestId('Plan')).toHaveText('Free Tier');
    await expect(freeCard.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    await expect(page.getByTestId('Remaining credits')).toHaveText('75');
  });

  test('shows the checkout error and stays on the page when checkout fails', async ({
    page,
    request,
  }) => {
    await createVerifiedUser(page, request);
    await page.route('**/api/callables/createCheckoutSession', (route) =>
      route.fulfill({ status: 503, json: { error: { status: 'UNAVAILABLE', message: 'down' } } }),
    );
    await page.getByRole('link', { name: 'Billing' }).click();
    await page.getByRole('listitem', { name: 'Starter' }).getByRole('button').click();
    await page.getByRole('button', { name: 'Proceed to Payment - $5/month' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Failed to initialize checkout. Please try again later.',
    );
    await expect(page).toHaveURL(/\/app\/billing$/);
  });

  test('replaces the page with an error when the billing configuration fails', async ({
    page,
    request,
  }) => {
    await createVerifiedUser(page, request);
    await page.route('**/api/callables/getStripeConfig', (route) =>
      route.fulfill({ status: 500, json: { error: { status: 'INTERNAL', message: 'boom' } } }),
    );
    await page.getByRole('link', { name: 'Billing' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to load billing configuration.');
    await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toHaveCount(0);
  });
});
