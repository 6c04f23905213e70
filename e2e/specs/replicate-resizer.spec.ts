import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import JSZip from 'jszip';
import sharp from 'sharp';
import { fixtureImage } from '@reframe/fixtures';
import { computeCanvas, parseRatio } from '@reframe/shared';
import { createVerifiedUser } from '../support/accounts';

/**
 * The resizer on the server started with AI_PROVIDER=replicate (playwright.config.ts), whose
 * images come from the fake Replicate: its output is the sent canvas at half size, tinted pink
 * all over, so a result shows the tint around the original and the original itself untouched.
 */
test.use({ baseURL: `http://localhost:${process.env.E2E_REPLICATE_PORT}` });

const coffee = fixtureImage('coffee.png');
const ratios = ['1:1', '16:9', '9:16'] as const;

async function raw(bytes: Buffer) {
  const { data, info } = await sharp(bytes)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The result is the canvas, the original's rows identical at its offset, tinted around it. */
async function expectReplicateResult(page: Page, src: string, ratio: string) {
  const canvas = computeCanvas(600, 400, parseRatio(ratio));
  // The card draws a preview (`?size=preview`); the result itself is the file without it.
  const result = await raw(
    await (await page.request.get(src.replace(/\?size=preview$/, ''))).body(),
  );
  expect([result.width, result.height]).toEqual([canvas.width, canvas.height]);
  const original = await raw(await readFile(coffee));
  for (let y = 0; y < original.height; y++) {
    const from = y * original.width * 3;
    const to = ((canvas.offsetY + y) * canvas.width + canvas.offsetX) * 3;
    const same = original.data
      .subarray(from, from + original.width * 3)
      .equals(result.data.subarray(to, to + original.width * 3));
    if (!same) throw new Error(`row ${y} of the original differs in the ${ratio} result`);
  }
  // A pixel of the new area is the fake's pink tint: more red than green.
  const corner = canvas.offsetX > 0 ? canvas.offsetY * canvas.width * 3 : 0;
  const [r, g] = [result.data[corner]!, result.data[corner + 1]!];
  expect(r).toBeGreaterThan(g);
}

async function zipNames(download: Download): Promise<string[]> {
  const zip = await JSZip.loadAsync(await readFile(await download.path()));
  return Object.keys(zip.files).sort();
}

test('with AI_PROVIDER=replicate a new user resizes, regenerates, downloads and finds the run', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await createVerifiedUser(page, request);
  await page.locator('input[type=file]').setInputFiles(coffee);
  await expect(page.getByTestId('original-ratio')).toHaveText('1.50:1');
  await page.getByRole('checkbox', { name: '16:9', exact: true }).check({ force: true });
  await page.getByRole('checkbox', { name: '9:16', exact: true }).check({ force: true });
  await page.getByTestId('process-button').click();

  const results = page.getByTestId('result');
  await expect(results).toHaveCount(3, { timeout: 120_000 });
  await expect(page.getByTestId('queue-status')).toHaveText([
    'Completed',
    'Completed',
    'Completed',
  ]);
  for (const [index, ratio] of ratios.entries()) {
    await expect(results.nth(index)).toContainText(`${ratio} Aspect Ratio`);
    const src = await results.nth(index).getByRole('img').getAttribute('src');
    await expectReplicateResult(page, src ?? '', ratio);
  }
  await expect(page.getByTestId('credits-left')).toHaveText('2 credits left');

  const wide = results.nth(1);
  const before = await wide.getByRole('img').getAttribute('src');
  await wide.getByRole('button', { name: 'Regenerate' }).click();
  await expect(page.getByTestId('queue-status').nth(1)).toHaveText('Completed', {
    timeout: 60_000,
  });
  await expect(wide.getByRole('img')).not.toHaveAttribute('src', before ?? '');
  await expectReplicateResult(
    page,
    (await wide.getByRole('img').getAttribute('src')) ?? '',
    '16:9',
  );
  await expect(page.getByTestId('credits-left')).toHaveText('1 credit left');

  const zipDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download All as ZIP' }).click();
  expect(await zipNames(await zipDownload)).toEqual(
    ratios
      .map((ratio) => computeCanvas(600, 400, parseRatio(ratio)))
      .map(({ width, height }) => `expanded-${width}x${height}.png`)
      .sort(),
  );

  await page.getByRole('link', { name: 'History' }).click();
  const card = page.getByTestId('history-card');
  await expect(card).toHaveCount(1);
  // Both versions of the regenerated 16:9 are kept (issue 16).
  await expect(card.getByTestId('version-count')).toHaveText('4 versions');
  await expect(card.getByTestId('made-with')).toHaveText('Made with Replicate');
  const historyZip = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download All as ZIP' }).click();
  expect(await zipNames(await historyZip)).toHaveLength(5);
});
