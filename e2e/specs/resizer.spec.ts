import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { fixtureImage } from '@reframe/fixtures';
import { computeCanvas, parseRatio } from '@reframe/shared';
import { createVerifiedUser } from '../support/accounts';

const coffee = fixtureImage('coffee.png'); // 600 x 400, ratio 1.50
const ratios = ['1:1', '16:9', '9:16'] as const;

/** The PNG download of the result a card's preview (`…?size=preview`) shows. */
function pngDownloadOf(previewSrc: string | null): string {
  return (previewSrc ?? '').replace(/\?size=preview$/, '?format=png');
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function expectedSize(ratio: string) {
  const { width, height } = computeCanvas(600, 400, parseRatio(ratio));
  return { width, height };
}

async function zipNames(download: Download): Promise<string[]> {
  const zip = await JSZip.loadAsync(await readFile(await download.path()));
  return Object.keys(zip.files).sort();
}

async function uploadCoffee(page: Page) {
  await page.locator('input[type=file]').setInputFiles(coffee);
  await expect(page.getByTestId('original-ratio')).toHaveText('1.50:1');
  await keepWholePhoto(page);
}

/** The brief's canvas, whose sizes `expectedSize` knows (Auto framing may trim, issue 38). */
async function keepWholePhoto(page: Page) {
  await page
    .getByTestId('framing-picker')
    .getByText('Keep the whole photo', { exact: true })
    .click();
}

/** WCAG 2.1 A and AA rules on the page as it stands. */
async function expectNoA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.length} node(s)`),
  ).toEqual([]);
}

/** The prediction calls in the order the page made and heard them: starts and results. */
function recordPredictionCalls(page: Page): ('start' | 'succeeded')[] {
  const calls: ('start' | 'succeeded')[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/replicate') {
      calls.push('start');
    }
  });
  page.on('requestfinished', (request) => {
    if (request.method() !== 'GET' || !request.url().includes('/api/replicate?')) return;
    void request.response().then(async (response) => {
      const body = (await response?.json()) as { status?: string } | undefined;
      if (body?.status === 'succeeded') calls.push('succeeded');
    });
  });
  return calls;
}

function ratioBox(page: Page, label: string) {
  return page.getByRole('checkbox', { name: label, exact: true });
}

test.describe('resizer and history', () => {
  test.setTimeout(240_000);

  test('resizes a photo to three ratios, downloads, regenerates, finds the run and runs out of credits', async ({
    page,
    request,
  }) => {
    await createVerifiedUser(page, request);
    await expect(
      page.getByText('Upload an image and select aspect ratios to start.'),
    ).toBeVisible();
    await expect(page.getByTestId('credits-left')).toHaveText('5 credits left');
    await expect(page.getByTestId('process-button')).toBeDisabled();

    await uploadCoffee(page);
    await expect(page.getByRole('checkbox', { name: '3:2 (Original)' })).toBeDisabled();
    await ratioBox(page, '16:9').check({ force: true });
    await ratioBox(page, '9:16').check({ force: true });
    const process = page.getByTestId('process-button');
    await expect(process).toHaveText('Process Image(s) (3 ratio(s))');
    const calls = recordPredictionCalls(page);
    await process.click();
    await expect(page.getByTestId('queue-item')).toHaveCount(3);

    const results = page.getByTestId('result');
    await expect(results).toHaveCount(3, { timeout: 150_000 });
    await expect(page.getByTestId('queue-status')).toHaveText([
      'Completed',
      'Completed',
      'Completed',
    ]);
    for (const [index, ratio] of ratios.entries()) {
      const result = results.nth(index);
      await expect(result).toContainText(`${ratio} Aspect Ratio`);
      // The card draws the result's preview; its PNG download is the result at its full size.
      const src = await result.getByRole('img').getAttribute('src');
      expect(src).toMatch(/\?size=preview$/);
      const file = await page.request.get(pngDownloadOf(src));
      expect(file.headers()['content-type']).toBe('image/png');
      const size = pngSize(await file.body());
      expect(size).toEqual(expectedSize(ratio));
      await expect(result.getByTestId('result-size')).toHaveText(`${size.width} × ${size.height}`);
    }
    await expect(page.getByTestId('credits-left')).toHaveText('2 credits left');
    // The run is paid for: no notice that "this run needs 3 credits" sits beside it (issue 41).
    await expect(page.getByTestId('credits-warning')).toHaveCount(0);
    // Each ratio was submitted once and answered once; how many run at once is the plan's
    // (a Free user's run one at a time: plan-concurrency.test.ts).
    await expect.poll(() => calls.filter((call) => call === 'succeeded').length).toBe(3);
    expect(calls.filter((call) => call === 'start')).toHaveLength(3);
    await expectNoA11yViolations(page);

    const single = page.waitForEvent('download');
    await results.nth(0).getByRole('button', { name: 'Download' }).click();
    expect((await single).suggestedFilename()).toBe('expanded-600x600.png');

    const zipDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download All as ZIP' }).click();
    const zip = await zipDownload;
    expect(zip.suggestedFilename()).toMatch(/^resized-images-\d+\.zip$/);
    expect(await zipNames(zip)).toEqual(
      ratios
        .map((ratio) => expectedSize(ratio))
        .map(({ width, height }) => `expanded-${width}x${height}.png`)
        .sort(),
    );

    const wide = results.nth(1);
    const before = await wide.getByRole('img').getAttribute('src');
    // Regenerate says what it costs, on the button and in its tooltip (issue 41).
    const regenerateWide = wide.getByRole('button', { name: 'Regenerate' });
    await expect(regenerateWide).toHaveAccessibleName('Regenerate · 1 credit');
    await expect(regenerateWide).toHaveAccessibleDescription(
      'Makes a new version of this result: 1 credit.',
    );
    await regenerateWide.click();
    await expect(page.getByTestId('queue-status').nth(1)).not.toHaveText('Completed');
    await expect(page.getByTestId('queue-status').nth(1)).toHaveText('Completed', {
      timeout: 60_000,
    });
    await expect(wide.getByRole('img')).not.toHaveAttribute('src', before ?? '');
    await expect(page.getByTestId('credits-left')).toHaveText('1 credit left');
    await expect(page.getByTestId('credits-warning')).toHaveCount(0);

    await page.getByRole('link', { name: 'History' }).click();
    await expect(page.getByRole('heading', { name: 'Your Resizing History' })).toBeVisible();
    const card = page.getByTestId('history-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('coffee.png');
    // History keeps both versions of the regenerated 16:9 (issue 16).
    await expect(card.getByTestId('version-count')).toHaveText('4 versions');
    const versions = card.getByTestId('history-version');
    await expect(versions).toHaveCount(4);
    await expect(versions.first()).toHaveAttribute('target', '_blank');
    await expectNoA11yViolations(page);
    const historyZip = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download All as ZIP' }).click();
    expect(await zipNames(await historyZip)).toEqual(
      [
        'original.png',
        ...ratios
          .map((ratio) => expectedSize(ratio))
          .map((s) => `resized-${s.width}x${s.height}.png`),
        `resized-${expectedSize('16:9').width}x${expectedSize('16:9').height}-2.png`,
      ].sort(),
    );

    // One credit left and two ratios selected: the warning says so, and the run takes the one
    // ratio the credit pays for (issue 16), so nothing fails with a no-credits error.
    await page.getByRole('link', { name: 'Resizer App' }).click();
    await uploadCoffee(page);
    await expect(page.getByTestId('upgrade-banner')).toHaveCount(0);
    await ratioBox(page, '16:9').check({ force: true });
    await expect(page.getByTestId('credits-warning')).toContainText(
      'This run needs 2 credits; you have 1.',
    );
    await expect(page.getByTestId('process-button')).toHaveText('Process Image(s) (1 ratio(s))');
    await page.getByTestId('process-button').click();
    await expect(page.getByTestId('result')).toHaveCount(1, { timeout: 60_000 });
    await expect(page.getByTestId('queue-status')).toHaveText(['Completed'], { timeout: 60_000 });
    await expect(page.getByTestId('credits-left')).toHaveText('0 credits left');
    await expect(page.getByTestId('upgrade-banner')).toContainText(
      'Need more credits? Upgrade your plan to get more image resizes.',
    );
    await expect(page.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute(
      'href',
      '/app/billing',
    );
    await expect(page.getByTestId('process-button')).toBeDisabled();
    const regenerate = page.getByTestId('result').getByRole('button', { name: 'Regenerate' });
    await expect(regenerate).toBeDisabled();
    await expect(regenerate).toHaveAccessibleDescription(
      'Out of credits. Please upgrade your plan.',
    );
  });

  test('refuses a file that is not an image with the brief message', async ({ page, request }) => {
    await createVerifiedUser(page, request);
    await page.locator('input[type=file]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await expect(page.getByRole('alert')).toHaveText(
      'Invalid file type. Please upload an image file.',
    );
    await expect(
      page.getByText('Upload an image and select aspect ratios to start.'),
    ).toBeVisible();
  });

  test('shows an iPhone photo (HEIC), which the browser cannot draw, from its stored copy', async ({
    page,
    request,
  }) => {
    await createVerifiedUser(page, request);
    await page.locator('input[type=file]').setInputFiles(fixtureImage('coffee.heic'));
    await expect(page.getByTestId('original-ratio')).toHaveText('1.50:1');
    const original = page.getByRole('img', { name: 'Your original image' });
    await expect(original).toBeVisible();
    await expect
      .poll(() => original.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
  });

  test('makes a custom size at its exact pixels, and says why a size cannot be made', async ({
    page,
    request,
  }) => {
    await createVerifiedUser(page, request);
    await uploadCoffee(page);
    await page.getByRole('checkbox', { name: '1:1', exact: true }).uncheck({ force: true });
    const custom = page.getByLabel('Width x height in pixels, or a ratio W:H');
    await custom.fill('10x10');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Each side must be at least 64 pixels');
    await custom.fill('1500x500');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    // The chip under the field and the line in the selection summary both remove it.
    await expect(page.getByRole('button', { name: 'Remove 1500 × 500 px' })).toHaveCount(2);
    await expect(page.getByText('1500 × 500 px', { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId('process-button')).toHaveText('Process Image(s) (1 ratio(s))');
    await page.getByTestId('process-button').click();
    const result = page.getByTestId('result');
    await expect(result).toHaveCount(1, { timeout: 60_000 });
    const src = await result.getByRole('img').getAttribute('src');
    expect(pngSize(await (await page.request.get(pngDownloadOf(src))).body())).toEqual({
      width: 1500,
      height: 500,
    });
    await expect(result.getByTestId('result-size')).toHaveText('1500 × 500');
    await expect(result).toContainText('1500 × 500 px');
    await expect(result).not.toContainText('Aspect Ratio');
  });

  test('moves between the ratio tabs with the keyboard', async ({ page, request }) => {
    await createVerifiedUser(page, request);
    const common = page.getByRole('tab', { name: /Common/ });
    await expect(common).toHaveAttribute('aria-selected', 'true');
    await common.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: /Meta Ads/ })).toBeFocused();
    await expect(page.getByRole('tabpanel')).toContainText('9:16(Reels)');
    // The placement packs are the last tab (issue 15).
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: /Packs/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('Stories / Reels');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tabpanel')).toContainText('6:5');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowRight');
    await expect(common).toBeFocused();
  });

  test('shows the empty history', async ({ page, request }) => {
    await createVerifiedUser(page, request);
    await page.getByRole('link', { name: 'History' }).click();
    await expect(page.getByText('No history yet')).toBeVisible();
    await expect(
      page.getByText("You haven't resized any images yet. Go to the app to start resizing!"),
    ).toBeVisible();
  });
});
