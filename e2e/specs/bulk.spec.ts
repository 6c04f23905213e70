import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { expect, test, type Page, type Request } from '@playwright/test';
import JSZip from 'jszip';
import { fixtureImage } from '@reframe/fixtures';
import type { Prediction } from '@reframe/shared';
import { createVerifiedUser } from '../support/accounts';

const coffee = fixtureImage('coffee.png');
const chelsea = fixtureImage('chelsea.png');
const astronaut = fixtureImage('astronaut.png');

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

/** Drops the files on the upload area, as a drag from the desktop does. */
async function dropFiles(page: Page, paths: readonly string[]) {
  const files = await Promise.all(
    paths.map(async (path) => ({
      name: basename(path),
      base64: (await readFile(path)).toString('base64'),
    })),
  );
  const dataTransfer = await page.evaluateHandle((dropped) => {
    const transfer = new DataTransfer();
    for (const { name, base64 } of dropped) {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      transfer.items.add(new File([bytes], name, { type: 'image/png' }));
    }
    return transfer;
  }, files);
  await page.getByTestId('upload-dropzone').dispatchEvent('drop', { dataTransfer });
}

/** The picker of a plan with Bulk Processing: several files, and a hint that says how many. */
async function expectSeveralPhotos(page: Page) {
  await expect(page.getByText('Drop up to 20 photos here, or click to select')).toBeVisible();
  await expect(page.locator('input[type=file]')).toHaveAttribute('multiple', '');
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

  test('on Free, the picker takes one file, and a second photo dropped says which plans process several', async ({
    page,
    request,
  }) => {
    await createVerifiedUser(page, request);
    await expect(page.getByText('Drag & drop an image here, or click to select')).toBeVisible();
    await expect(page.locator('input[type=file]')).not.toHaveAttribute('multiple');
    await dropFiles(page, [coffee, chelsea]);
    await expect(page.getByTestId('bulk-upsell')).toHaveText(
      'Processing several photos in one run (Bulk Processing) comes with the Growth and Expert plans.',
    );
    await expect(page.getByRole('link', { name: 'See plans on Billing' })).toHaveAttribute(
      'href',
      '/app/billing',
    );
    await expect(page.getByTestId('chosen-filename')).toHaveText('coffee.png');
  });

  test.describe('on Growth', () => {
    // One Growth account for the two runs below, in turn; the second is charged from what the
    // first left.
    test.describe.configure({ mode: 'serial' });
    let page: Page;
    let user: Awaited<ReturnType<typeof createVerifiedUser>>;

    test.beforeAll(async ({ browser }, testInfo) => {
      testInfo.setTimeout(60_000);
      const { baseURL, viewport } = testInfo.project.use;
      page = await (await browser.newContext({ baseURL, viewport })).newPage();
      user = await createVerifiedUser(page, page.request);
      await buyGrowth(page);
    });

    test.afterAll(async () => {
      await page.context().close();
    });

    test('2 photos to the Meta pack give 8 images at exact sizes and one ZIP', async () => {
      await page.goto('/app');

      await expectSeveralPhotos(page);
      await page.locator('input[type=file]').setInputFiles([coffee, chelsea]);
      await expect(page.getByTestId('bulk-count')).toHaveText('2 photos in this run');
      await page.getByRole('checkbox', { name: '1:1', exact: true }).uncheck({ force: true });
      await page.getByRole('tab', { name: 'Packs' }).click();
      await page.getByTestId('pack-meta').check({ force: true });
      await page.getByTestId('process-button').click();
      await expect(page.getByTestId('run-cost')).toHaveText(
        'This run uses 8 credits; you have 75.',
      );
      await page.getByTestId('confirm-run').click();
      await expect(page.getByTestId('process-button')).toBeDisabled();

      await expect(page.getByTestId('bulk-progress')).toHaveText('8 of 8 images ready', {
        timeout: 180_000,
      });
      await expect(page.getByTestId('process-button')).toBeEnabled();
      // Each tile names its placement in full, wrapped rather than cut.
      const names = page.getByTestId('result-name');
      await expect(names.first()).toHaveText('Meta Feed, 1080 × 1080');
      await expect(names.nth(2)).toHaveText('Meta Stories / Reels, 1080 × 1920');
      const cut = await names.evaluateAll(
        (elements) =>
          elements.filter((element) => element.scrollWidth > element.clientWidth).length,
      );
      expect(cut).toBe(0);
      const results = page.getByTestId('result-image');
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

      // Compare and regenerate, as a single result has them.
      const tile = page.getByTestId('bulk-output').first();
      await tile
        .getByRole('button', { name: 'Open Meta Feed, 1080 × 1080 full size and compare' })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      const before = await tile.getByTestId('result-image').getAttribute('src');
      await tile.getByRole('button', { name: 'Regenerate' }).click();
      await expect(page.getByTestId('process-button')).toBeDisabled();
      await expect(tile.getByTestId('result-image')).not.toHaveAttribute('src', before ?? '', {
        timeout: 60_000,
      });
      await expect(page.getByTestId('process-button')).toBeEnabled();

      // Every result offers its clean alternatives, as a single result does (issue 38): in its
      // warning when the engine is not sure of it, else as links. One click is one new version.
      await expect(
        page.getByTestId('bulk-output').getByRole('button', { name: /^Blurred backdrop/ }),
      ).toHaveCount(8);
      const backdrop = page.waitForResponse(async (response) => {
        if (new URL(response.url()).pathname !== '/api/replicate') return false;
        const body = (await response.json().catch(() => null)) as Prediction | null;
        return body?.status === 'succeeded' && body.style === 'blurred_backdrop';
      });
      const shown = await tile.getByTestId('result-image').getAttribute('src');
      await tile.getByRole('button', { name: /^Blurred backdrop/ }).click();
      await backdrop;
      await expect(tile.getByTestId('result-image')).not.toHaveAttribute('src', shown ?? '', {
        timeout: 60_000,
      });
      await expect(tile.getByRole('button', { name: /^Blurred backdrop/ })).toHaveCount(0);
      await expect(tile.getByRole('button', { name: /^Trim more/ })).toBeVisible();
      await expect(page.getByTestId('process-button')).toBeEnabled();

      // On a phone the run fits the screen: no tile reaches past its edge, not even the hidden
      // tooltip of a Regenerate in the right column.
      const desktop = page.viewportSize()!;
      await page.setViewportSize({ width: 390, height: 844 });
      await expect
        .poll(() =>
          page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          ),
        )
        .toBeLessThanOrEqual(0);
      await page.setViewportSize(desktop);
      // On a desktop a tile's Regenerate tooltip shows inside the tile, its text wrapping.
      const lastTile = page.getByTestId('bulk-output').last();
      await lastTile.getByRole('button', { name: 'Regenerate' }).hover();
      const tooltip = lastTile.getByRole('tooltip');
      await expect(tooltip).toHaveText('Makes a new version of this result: 1 credit.');
      const [tipBox, tileBox] = await Promise.all([tooltip.boundingBox(), lastTile.boundingBox()]);
      expect(tipBox!.x + tipBox!.width).toBeLessThanOrEqual(tileBox!.x + tileBox!.width + 1);
      await page.getByRole('link', { name: 'Billing' }).click();
      await expect(page.getByTestId('Remaining credits')).toHaveText('65');
    });

    test('22 photos dropped at once: 20 are listed and uploaded, and the resizer says 2 were left out', async () => {
      await page.goto('/app');
      let uploads = 0;
      const countUpload = (request: Request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/uploads')
          uploads++;
      };
      page.on('request', countUpload);
      await dropFiles(
        page,
        Array.from({ length: 22 }, (_, i) => (i % 2 ? chelsea : coffee)),
      );
      await expect(page.getByTestId('bulk-count')).toHaveText('20 photos in this run');
      await expect(page.getByRole('status').filter({ hasText: 'left out' })).toHaveText(
        'A run takes at most 20 photos: 2 photos were left out.',
      );
      await expect(page.getByTestId('process-button')).toBeEnabled({ timeout: 120_000 });
      expect(uploads).toBe(20);
      page.off('request', countUpload);
      await page.getByRole('button', { name: 'Remove coffee.png' }).first().click();
      await expect(page.getByTestId('bulk-count')).toHaveText('19 photos in this run');
      await expect(page.getByText('left out')).toHaveCount(0);
    });

    test('3 photos x the Meta pack alone are charged 12 credits, as the confirmation lists', async () => {
      await page.goto('/app');

      await expectSeveralPhotos(page);
      await page.locator('input[type=file]').setInputFiles([coffee, chelsea, astronaut]);
      await expect(page.getByTestId('bulk-count')).toHaveText('3 photos in this run');
      await page.getByRole('tab', { name: 'Packs' }).click();
      await page
        .getByRole('checkbox', { name: 'Meta, 4 sizes', exact: true })
        .check({ force: true });
      await expect(page.getByTestId('selection-item')).toHaveText(['Meta, 4 sizes']);
      await expect(page.getByTestId('selection-credits')).toHaveText('Total: 12 credits');

      await page.getByTestId('process-button').click();
      await expect(page.getByTestId('run-charges').getByRole('listitem')).toHaveText([
        'Meta, 4 sizes',
      ]);
      await expect(page.getByTestId('run-cost')).toHaveText(
        'This run uses 12 credits; you have 65.',
      );
      const started = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && response.url().endsWith('/api/runs'),
      );
      await page.getByTestId('confirm-run').click();
      const run = (await (await started).json()) as { predictions: unknown[] };
      expect(run.predictions).toHaveLength(12);
      await page.getByRole('link', { name: 'Billing' }).click();
      await expect(page.getByTestId('Remaining credits')).toHaveText('53');

      // The run's 12 exact-size images would keep the shared server's engine busy while the specs
      // after this one run; deleting the account drops those still queued.
      const deleted = await page.evaluate(async (password) => {
        const response = await fetch('/api/account/delete', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ password }),
        });
        return response.status;
      }, user.password);
      expect(deleted).toBe(200);
    });
  });
});
