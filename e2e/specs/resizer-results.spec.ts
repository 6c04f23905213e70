import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import JSZip from 'jszip';
import sharp from 'sharp';
import { fixtureImage } from '@reframe/fixtures';
import { computeCanvas, parseRatio } from '@reframe/shared';
import { createVerifiedUser } from '../support/accounts';

/**
 * Issue 16: what happens around the results; issue 29, item 14: deleting a run and leaving a
 * running one ask in the app's own dialog, never the browser's confirm(). A small photo
 * (240 x 160) keeps the engine quick and shows the small-image note.
 */
const coffee = fixtureImage('coffee.png');

async function smallCoffee() {
  const buffer = await sharp(await readFile(coffee))
    .resize(240, 160)
    .png()
    .toBuffer();
  return { name: 'small-coffee.png', mimeType: 'image/png', buffer };
}

function ratioBox(page: Page, label: string) {
  return page.getByRole('checkbox', { name: label, exact: true });
}

function resultOf(page: Page, ratio: string) {
  return page.getByTestId('result').filter({ hasText: `${ratio} Aspect Ratio` });
}

function expectedName(ratio: string, extension: string) {
  const { width, height } = computeCanvas(240, 160, parseRatio(ratio));
  return `expanded-${width}x${height}.${extension}`;
}

async function bytesOf(download: Download): Promise<Buffer> {
  return readFile(await download.path());
}

/**
 * Uploads the small coffee and starts a run whose polls wait until `release` is called, so the
 * run stays in progress meanwhile.
 */
async function startHeldRun(page: Page): Promise<{ release: () => void }> {
  await page.locator('input[type=file]').setInputFiles(await smallCoffee());
  await expect(page.getByTestId('original-ratio')).toHaveText('1.50:1');
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/replicate?*', async (route) => {
    await released;
    await route.continue();
  });
  await page.getByTestId('process-button').click();
  return { release };
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

test.describe('results: compare, versions, retry, formats, history', () => {
  test.setTimeout(240_000);

  test('five ratios, full-size compare, two regenerations keeping the second, a retry for one credit, a JPEG ZIP, the run in history and its deletion', async ({
    page,
    request,
  }) => {
    const browserDialogs = refuseBrowserDialogs(page);
    await createVerifiedUser(page, request);
    await expect(page).toHaveTitle('AI Image Resizer · Reframe');
    await page.locator('input[type=file]').setInputFiles(await smallCoffee());
    await expect(page.getByTestId('original-ratio')).toHaveText('1.50:1');
    await expect(page.getByTestId('small-image-note')).toContainText(
      'This image is small (240 × 160): the results will be small too.',
    );
    // The brief's canvas, whose sizes `expectedName` knows (Auto framing may trim, issue 38).
    const keepWhole = page
      .getByTestId('framing-picker')
      .getByRole('radio', { name: 'Keep the whole photo' });
    await keepWhole.check({ force: true });
    await expect(keepWhole).toBeChecked();

    // Six ratios with five credits: the warning, the upgrade link, and a run of five.
    for (const ratio of ['16:9', '9:16', '4:3', '21:9', '2:3']) {
      await ratioBox(page, ratio).check({ force: true });
    }
    const warning = page.getByTestId('credits-warning');
    await expect(warning).toContainText('This run needs 6 credits; you have 5.');
    await expect(warning).toContainText('Only the first 5 ratios will be processed.');
    await expect(warning.getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute(
      'href',
      '/app/billing',
    );
    const process = page.getByTestId('process-button');
    await expect(process).toHaveText('Process Image(s) (5 ratio(s))');

    // The first start of 4:3 meets a proxy's HTML error page: the server never sees it.
    let failedOnce = false;
    await page.route('**/api/replicate', async (route) => {
      const body = route.request().postDataJSON() as { data: { input: { aspect_ratio: string } } };
      if (!failedOnce && body.data.input.aspect_ratio === '4:3') {
        failedOnce = true;
        await route.fulfill({
          status: 502,
          contentType: 'text/html',
          body: '<h1>Bad Gateway</h1>',
        });
        return;
      }
      await route.continue();
    });
    await process.click();
    await expect(page.getByTestId('result')).toHaveCount(4, { timeout: 120_000 });
    const failed = page.getByTestId('queue-item').filter({ hasText: '4:3' });
    await expect(failed).toContainText(
      'Error processing 4:3: API error: Server responded with status 502',
    );
    // The ratios run in the picker's order; the sixth, 21:9, waits for more credits.
    await expect(page.getByTestId('queue-item').filter({ hasText: '21:9' })).toHaveCount(0);
    await expect(page.getByTestId('credits-left')).toHaveText('1 credit left');

    // Retry runs that ratio alone, for one credit.
    const starts: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/replicate') {
        starts.push(
          (req.postDataJSON() as { data: { input: { aspect_ratio: string } } }).data.input
            .aspect_ratio,
        );
      }
    });
    await failed.getByRole('button', { name: 'Retry 4:3 (one credit)' }).click();
    await expect(resultOf(page, '4:3')).toHaveCount(1, { timeout: 60_000 });
    await expect(page.getByTestId('credits-left')).toHaveText('0 credits left');
    expect(starts).toEqual(['4:3']);
    await expect(page.getByTestId('result')).toHaveCount(5);

    // Buying a plan keeps this month's operations; coming back restores the run from history.
    await page.getByRole('link', { name: 'Billing' }).click();
    await expect(page).toHaveTitle('Billing & Usage · Reframe');
    await expect(page.getByTestId('Operations this month')).toHaveText('5');
    await page.getByRole('listitem', { name: 'Starter' }).getByRole('button').click();
    await page.getByRole('button', { name: 'Proceed to Payment - $5/month' }).click();
    await page.getByRole('button', { name: 'Pay $5' }).click();
    await expect(page.getByTestId('Remaining credits')).toHaveText('30');
    await expect(page.getByTestId('Operations this month')).toHaveText('5');
    await page.getByRole('link', { name: 'Resizer App' }).click();
    await expect(page.getByTestId('chosen-filename')).toHaveText('small-coffee.png');
    await expect(page.getByTestId('result')).toHaveCount(5);

    // Regenerate 16:9 twice, then keep the second version.
    const wide = resultOf(page, '16:9');
    for (const total of [2, 3]) {
      await wide.getByRole('button', { name: 'Regenerate' }).click();
      await expect(wide.getByTestId('version-switcher')).toContainText(
        `Version ${total} of ${total}`,
        {
          timeout: 60_000,
        },
      );
    }
    await wide.getByRole('button', { name: 'Previous version' }).click();
    await expect(wide.getByTestId('version-switcher')).toContainText('Version 2 of 3');
    // The card draws the version's preview; the viewer, the download and History's link open
    // the file itself.
    const secondUrl = (await wide.getByRole('img').getAttribute('src'))?.replace(
      /\?size=preview$/,
      '',
    );
    await expect(page.getByTestId('credits-left')).toHaveText('28 credits left');

    // Full size: the compare slider, zoom, and the arrow keys to the next ratio.
    await wide.getByRole('button', { name: /Open 16:9 full size/ }).click();
    const viewer = page.getByRole('dialog');
    await expect(viewer.getByRole('heading', { name: '16:9 Aspect Ratio' })).toBeVisible();
    await expect(viewer.getByRole('img', { name: 'Your image expanded to 16:9' })).toHaveAttribute(
      'src',
      secondUrl ?? '',
    );
    await expect(viewer.getByRole('slider')).toHaveAttribute('aria-valuetext', '50%');
    await viewer.getByRole('button', { name: 'Zoom in' }).click();
    await expect(viewer).toContainText('150%');
    await viewer.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByRole('heading', { name: '9:16 Aspect Ratio' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();

    // The download is the version picked, byte for byte; the ZIP follows the format chosen.
    const single = page.waitForEvent('download');
    await wide.getByRole('button', { name: 'Download' }).click();
    const picked = await single;
    expect(picked.suggestedFilename()).toBe(expectedName('16:9', 'png'));
    const served = await page.request.get(`${secondUrl}?format=png`);
    expect((await bytesOf(picked)).equals(await served.body())).toBe(true);

    await page.getByLabel('Download format').selectOption('jpeg');
    const zipDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download All as ZIP' }).click();
    const zip = await JSZip.loadAsync(await bytesOf(await zipDownload));
    const ratios = ['1:1', '4:3', '16:9', '9:16', '2:3'];
    expect(Object.keys(zip.files).sort()).toEqual(
      ratios.map((ratio) => expectedName(ratio, 'jpg')).sort(),
    );
    for (const file of Object.values(zip.files)) {
      const bytes = await file.async('uint8array');
      expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }

    // History keeps all seven versions.
    await page.getByRole('link', { name: 'History' }).click();
    await expect(page).toHaveTitle('Your Resizing History · Reframe');
    const card = page.getByTestId('history-card');
    await expect(card.getByTestId('version-count')).toHaveText('7 versions');
    await expect(card.getByTestId('history-version')).toHaveCount(7);
    await expect(
      card.getByTestId('history-version').filter({ hasText: '16:9 · v2' }),
    ).toHaveAttribute('href', secondUrl ?? '');

    // Deleting the run asks in the app dialog: Escape cancels and the focus comes back; deleting
    // takes its files too.
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
    expect((await page.request.get(secondUrl ?? '')).status()).toBe(404);
    expect(browserDialogs).toEqual([]);
  });

  test('leaving a running run asks in the app dialog: Stay keeps it, Leave goes', async ({
    page,
    request,
  }) => {
    const browserDialogs = refuseBrowserDialogs(page);
    await createVerifiedUser(page, request);
    const { release } = await startHeldRun(page);
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

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('scrolls to the queue and to Proceed to Payment, and asks before leaving a run', async ({
      page,
      request,
    }) => {
      await createVerifiedUser(page, request);
      const { release } = await startHeldRun(page);
      await expect(page.getByRole('heading', { name: 'Processing Queue' })).toBeInViewport();

      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.locator('#app-mobile-menu').getByRole('link', { name: 'History' }).click();
      const leave = page.getByRole('dialog', { name: 'Leave while processing?' });
      await leave.getByRole('button', { name: 'Stay' }).click();
      await expect(page).toHaveURL(/\/app$/);

      await page.locator('input[type=file]').setInputFiles({
        name: 'other.png',
        mimeType: 'image/png',
        buffer: (await smallCoffee()).buffer,
      });
      const replace = page.getByRole('dialog', { name: 'Use the new image?' });
      await expect(replace).toContainText(
        'Your images are still processing. Drop them and use the new image?',
      );
      await replace.getByRole('button', { name: 'Keep Processing' }).click();
      await expect(page.getByTestId('chosen-filename')).toHaveText('small-coffee.png');

      release();
      await expect(page.getByTestId('result')).toHaveCount(1, { timeout: 60_000 });
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.locator('#app-mobile-menu').getByRole('link', { name: 'Billing' }).click();
      await page.getByRole('listitem', { name: 'Expert' }).getByRole('button').click();
      await expect(
        page.getByRole('button', { name: 'Proceed to Payment - $20/month' }),
      ).toBeInViewport();
    });
  });
});
