import { expect, test, type Page } from '@playwright/test';
import { fixtureImage } from '@reframe/fixtures';
import { createVerifiedUser } from '../support/accounts';

const coffee = fixtureImage('coffee.png');

const summaryItems = (page: Page) => page.getByTestId('selection-item');

test.describe('the selection summary across the picker tabs', () => {
  test('a pack replaces the default 1:1, and the summary lists and charges exactly what runs', async ({
    page,
    request,
  }) => {
    await createVerifiedUser(page, request);
    await expect(summaryItems(page)).toHaveText(['1:1']);
    await expect(page.getByTestId('selection-credits')).toHaveText('Total: 1 credit');

    await page.getByRole('tab', { name: 'Packs' }).click();
    await page.getByRole('checkbox', { name: 'Meta, 4 sizes', exact: true }).check({ force: true });
    await page.getByLabel('Width x height in pixels, or a ratio W:H').fill('1500x500');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(summaryItems(page)).toHaveText(['Meta, 4 sizes', '1500 × 500 px']);
    await expect(page.getByTestId('selection-credits')).toHaveText('Total: 5 credits');
    await page.getByRole('tab', { name: 'Common' }).click();
    await expect(page.getByRole('checkbox', { name: '1:1', exact: true })).not.toBeChecked();

    await page.locator('input[type=file]').setInputFiles(coffee);
    await expect(page.getByTestId('original-ratio')).toHaveText('1.50:1');
    await expect(page.getByTestId('process-button')).toHaveText('Process Image(s) (5 ratio(s))');
    await expect(page.getByTestId('selected-output')).toHaveText([
      'Meta Feed, 1080 × 1080',
      'Meta Portrait, 1080 × 1350',
      'Meta Stories / Reels, 1080 × 1920',
      'Meta Link, 1200 × 628',
      '1500 × 500 px',
    ]);

    // A 1:1 picked by hand stays, and is the same image as the Meta Feed square.
    await page.getByRole('checkbox', { name: '1:1', exact: true }).check({ force: true });
    await expect(page.getByTestId('same-shape-warning')).toHaveText(
      '1:1 and Meta Feed, 1080 × 1080 come out the same shape: you would pay twice for one image.',
    );
    await page.getByRole('button', { name: 'Remove Meta, 4 sizes' }).click();
    await expect(summaryItems(page)).toHaveText(['1:1', '1500 × 500 px']);
    await expect(page.getByTestId('same-shape-warning')).toHaveCount(0);
    await expect(page.getByTestId('process-button')).toHaveText('Process Image(s) (2 ratio(s))');
  });

  test('a tab badge counts what was selected on that tab: 1:1, listed on three tabs, counts once', async ({
    page,
    request,
  }) => {
    await createVerifiedUser(page, request);
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });
    await expect(tab('Common, 1 selected')).toBeVisible();
    await expect(tab('Meta Ads')).toBeVisible();
    await expect(tab('Google Ads')).toBeVisible();

    await page.getByRole('checkbox', { name: '16:9', exact: true }).check({ force: true });
    await expect(tab('Common, 2 selected')).toBeVisible();
    await expect(tab('Meta Ads')).toBeVisible();
    await expect(tab('Packs')).toBeVisible();

    // The same 1:1, ticked again on Google Ads, counts there and no longer on Common.
    await tab('Google Ads').click();
    const square = page.getByRole('checkbox', { name: '1:1', exact: true });
    await expect(square).toBeChecked();
    await square.uncheck({ force: true });
    await square.check({ force: true });
    await expect(tab('Google Ads, 1 selected')).toBeVisible();
    await expect(tab('Common, 1 selected')).toBeVisible();

    await tab('Meta Ads').click();
    const facebookVideo = page.getByRole('checkbox', { name: '16:9 (Facebook video)' });
    await expect(facebookVideo).toBeChecked();
    await expect(summaryItems(page)).toHaveText(['1:1', '16:9']);
    await expect(page.getByTestId('selection-credits')).toHaveText('Total: 2 credits');

    await facebookVideo.uncheck({ force: true });
    await expect(tab('Common')).toBeVisible();
    await expect(tab('Google Ads, 1 selected')).toBeVisible();
    await expect(summaryItems(page)).toHaveText(['1:1']);
  });
});
