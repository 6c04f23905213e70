import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { fixtureImage } from '@reframe/fixtures';
import { createVerifiedUser } from '../support/accounts';

const coffee = fixtureImage('coffee.png');
const chelsea = fixtureImage('chelsea.png');

const META = [
  ['meta-feed-1080x1080.png', 1080, 1080],
  ['meta-link-1200x628.png', 1200, 628],
  ['meta-portrait-1080x1350.png', 1080, 1350],
  ['meta-stories-1080x1920.png', 1080, 1920],
] as const;

function pngSize(bytes: Uint8Array): [number, number] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return [view.getUint32(16), view.getUint32(20)];
}

async function buyGrowth(page: Page) {
  await page.getByRole('link', { name: 'Billing' }).click();
  const growthCard = page.getByRole('listitem', { name: 'Growth' });
  await growthCard.getByRole('button', { name: 'Select Plan' }).click();
  await page.getByRole('button', { name: 'Proceed to Payment - $10/month' }).click();
  await page.getByRole('button', { name: 'Pay $10' }).click();
  await expect(page.getByTestId('Remaining credits')).toHaveText('75');
}

test.describe('bulk runs and placement packs', () => {
  test.setTimeout(240_000);

  test('on Free, a second photo says which plans process several at once', async ({
    page,
    request,
  }) => {
    await createVerifiedUser(page, request);
    await page.locator('input[type=file]').setInputFiles([coffee, chelsea]);
    await expect(page.getByTestId('bulk-upsell')).toHaveText(
      'Processing several photos in one run (Bulk Processing) comes with the Growth and Expert plans.',
    );
    await expect(page.getByRole('link', { name: 'See plans on Billing' })).toHaveAttribute(
      'href',
      '/app/billing',
    );
    await expect(page.getByTestId('chosen-filename')).toHaveText('coffee.png');
  });

  test('on Growth, 2 photos to the Meta pack give 8 images at exact sizes and one ZIP', async ({
    page,
    request,
  }) => {
    await createVerifiedUser(page, request);
    await buyGrowth(page);
    await page.goto('/app');

    await page.locator('input[type=file]').setInputFiles([coffee, chelsea]);
    await expect(page.getByTestId('bulk-count')).toHaveText('2 photos in this run');
    await page.getByRole('checkbox', { name: '1:1', exact: true }).uncheck({ force: true });
    await page.getByRole('tab', { name: 'Packs' }).click();
    await page.getByTestId('pack-meta').check({ force: true });
    await page.getByTestId('process-button').click();
    await expect(page.getByTestId('run-cost')).toHaveText('This run uses 8 credits; you have 75.');
    await page.getByTestId('confirm-run').click();

    await expect(page.getByTestId('bulk-progress')).toHaveText('8 of 8 images ready', {
      timeout: 180_000,
    });
    const results = page.getByTestId('bulk-result');
    await expect(results).toHaveCount(8);
    // A tile draws its result's preview (at most 600 px) at the result's exact size. Its image
    // may still be loading when the progress line is done: wait for each to load.
    const tiles = () =>
      results.evaluateAll((images) =>
        (images as HTMLImageElement[])
          .map((img) => ({
            size: `${img.getAttribute('width')}x${img.getAttribute('height')}`,
            loaded: img.naturalWidth > 0 && Math.max(img.naturalWidth, img.naturalHeight) <= 600,
          }))
          .sort((a, b) => a.size.localeCompare(b.size)),
      );
    await expect
      .poll(tiles, { timeout: 30_000 })
      .toEqual(
        [...META, ...META]
          .map(([, w, h]) => ({ size: `${w}x${h}`, loaded: true }))
          .sort((a, b) => a.size.localeCompare(b.size)),
      );

    const downloading = page.waitForEvent('download');
    await page.getByTestId('bulk-zip').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^reframe-run-\d+\.zip$/);
    const zip = await JSZip.loadAsync(await readFile(await download.path()));
    const files = Object.values(zip.files).filter((entry) => !entry.dir);
    expect(files.map((entry) => entry.name).sort()).toEqual(
      ['chelsea', 'coffee'].flatMap((folder) => META.map(([name]) => `${folder}/${name}`)),
    );
    for (const entry of files) {
      const expected = META.find(([name]) => entry.name.endsWith(name))!;
      expect(pngSize(await entry.async('uint8array'))).toEqual([expected[1], expected[2]]);
    }
  });
});
