import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { LOW_CONFIDENCE_BELOW, type Prediction } from '@reframe/shared';
import { createVerifiedUser } from '../support/accounts';

/**
 * Issue 24: "Auto" is the default placement, each result names the placement it was made with,
 * the compare slider puts the original where it really is, and a result the engine is not sure
 * of says so and leads back to the placement picker.
 */

/** A 480 x 320 landscape drawn here (`scale` times larger): sky, sun, hills and a lake. */
async function landscape(scale = 1) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${480 * scale}" height="${320 * scale}" viewBox="0 0 480 320">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#5b8fd6"/><stop offset="1" stop-color="#f3c98b"/>
    </linearGradient></defs>
    <rect width="480" height="320" fill="url(#sky)"/>
    <circle cx="360" cy="120" r="34" fill="#ffe9a8"/>
    <path d="M0 210 Q120 140 240 200 T480 180 V320 H0 Z" fill="#4d7a45"/>
    <rect y="250" width="480" height="70" fill="#3f6f9a"/>
  </svg>`;
  const buffer = await sharp(Buffer.from(svg)).png().toBuffer();
  return { name: 'lake.png', mimeType: 'image/png', buffer };
}

const isPredictionPoll = (url: string) =>
  new URL(url).pathname === '/api/replicate' && url.includes('endpoint=predictions%2F');

/** The next poll that answers a succeeded prediction. */
function nextSucceeded(page: Page): Promise<Prediction> {
  return page
    .waitForResponse(async (response) => {
      if (!isPredictionPoll(response.url()) || !response.ok()) return false;
      const body = (await response.json().catch(() => null)) as Prediction | null;
      return body?.status === 'succeeded';
    })
    .then((response) => response.json() as Promise<Prediction>);
}

/** From now on, the polls report every finished prediction with this confidence. */
async function reportConfidence(page: Page, confidence: number) {
  await page.route(
    (url) => isPredictionPoll(url.href),
    async (route) => {
      const response = await route.fetch();
      const prediction = (await response.json()) as Prediction;
      if (prediction.status === 'succeeded') prediction.confidence = confidence;
      await route.fulfill({ response, json: prediction });
    },
  );
}

/** Where the original sits in the viewer's compare slider, as fractions of the result. */
async function originalBoxInViewer(viewer: Locator) {
  const result = await viewer.getByRole('img', { name: /Your image expanded/ }).boundingBox();
  const original = await viewer.getByRole('img', { name: 'Your original image' }).boundingBox();
  if (!result || !original) throw new Error('the compare slider is not laid out');
  return {
    x: (original.x - result.x) / result.width,
    y: (original.y - result.y) / result.height,
  };
}

async function expectViewerPlacesOriginalAt(page: Page, result: Locator, made: Prediction) {
  await result.getByRole('button', { name: /full size/ }).click();
  const viewer = page.getByRole('dialog');
  const box = await originalBoxInViewer(viewer);
  expect(box.x).toBeCloseTo(made.offset_x! / made.width, 2);
  expect(box.y).toBeCloseTo(made.offset_y! / made.height, 2);
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();
}

test.describe('placement and confidence on the result card', () => {
  test.setTimeout(180_000);

  test('Auto by default names where the original went, a doubtful fill leads back to the picker, and an explicit placement is kept', async ({
    page,
    request,
  }) => {
    await createVerifiedUser(page, request);
    await page.locator('input[type=file]').setInputFiles(await landscape());
    const placementAuto = page.getByTestId('placement-picker').getByRole('radio', { name: 'Auto' });
    await expect(placementAuto).toBeChecked();
    await expect(page.getByTestId('alignment-value')).toHaveText('Auto');
    // Framing is Auto by default (issue 38); these placements are of the whole photo.
    const framing = page.getByTestId('framing-picker');
    await expect(framing.getByRole('radio', { name: 'Auto' })).toBeChecked();
    await framing.getByText('Keep the whole photo', { exact: true }).click();

    // 1:1 is selected from the start: one result, placed by the engine.
    let made = nextSucceeded(page);
    await page.getByTestId('process-button').click();
    const result = page.getByTestId('result');
    const first = await made;
    expect(first.alignment).toBe('auto');
    await expect(result.getByTestId('result-placement')).toHaveText(/^Placement: Auto \(.+\)$/);
    const doubtful = (first.confidence ?? 1) < LOW_CONFIDENCE_BELOW;
    await expect(result.getByTestId('low-confidence')).toHaveCount(doubtful ? 1 : 0);
    await expectViewerPlacesOriginalAt(page, result, first);

    // The engine reports a doubtful fill for the next result (the poll's answer is lowered).
    await reportConfidence(page, 0.2);
    made = nextSucceeded(page);
    await result.getByRole('button', { name: 'Regenerate' }).click();
    await made;
    await expect(result.getByTestId('low-confidence')).toHaveText(
      'This background may show repeated parts. Try another placement, or regenerate.',
    );
    // A weak result offers its cleaner versions, one credit each (issue 38).
    await expect(result.getByTestId('alternatives').getByRole('button')).toHaveText([
      'Trim more · 1 credit',
      'Blurred backdrop · 1 credit',
    ]);
    await result.getByRole('button', { name: 'Choose another placement' }).click();
    await expect(placementAuto).toBeFocused();
    await page.unrouteAll({ behavior: 'wait' });

    // Against the top: the result says so, and the compare slider puts the original there.
    await page.getByTestId('placement-picker').getByTitle('Top', { exact: true }).click();
    await expect(page.getByTestId('alignment-value')).toHaveText('Top');
    made = nextSucceeded(page);
    await result.getByRole('button', { name: 'Regenerate' }).click();
    const top = await made;
    expect(top).toMatchObject({ alignment: 'top', offset_y: 0 });
    await expect(result.getByTestId('result-placement')).toHaveText('Placement: Top');
    await expect(result.getByTestId('low-confidence')).toHaveCount(
      (top.confidence ?? 1) < LOW_CONFIDENCE_BELOW ? 1 : 0,
    );
    await expectViewerPlacesOriginalAt(page, result, top);

    // Trim and extend: the result says what it trimmed (issue 38). The engine is sure of it (the
    // poll's answer is raised), and it still offers its alternatives, quietly, in one click each.
    await reportConfidence(page, 0.95);
    await framing.getByText('Trim and extend', { exact: true }).click();
    made = nextSucceeded(page);
    await result.getByRole('button', { name: 'Regenerate' }).click();
    const trimmed = await made;
    expect(trimmed).toMatchObject({ framing: 'trim', style: 'natural' });
    await expect(result.getByTestId('result-trimmed')).toHaveText(/^Trimmed \d+ % \((left|right)/);
    await expect(result.getByTestId('low-confidence')).toHaveCount(0);
    const otherVersions = result.getByTestId('other-versions');
    await expect(otherVersions).toContainText('Other versions, 1 credit each:');
    await expect(otherVersions.getByRole('button')).toHaveText([
      'Keep the whole photo',
      'Blurred backdrop',
    ]);
    made = nextSucceeded(page);
    await otherVersions.getByRole('button', { name: 'Blurred backdrop' }).click();
    expect(await made).toMatchObject({ style: 'blurred_backdrop' });
    await expect(result.getByTestId('other-versions').getByRole('button')).toHaveText([
      'Trim more',
    ]);
    await page.unrouteAll({ behavior: 'wait' });
  });

  test('History says what a version trimmed, and its compare slider puts a large original where it is', async ({
    page,
    request,
  }) => {
    await createVerifiedUser(page, request);
    // Larger than History's 600 px preview of the original, which the crop's pixels are not in.
    await page.locator('input[type=file]').setInputFiles(await landscape(2.5));
    await page.getByTestId('framing-picker').getByText('Trim and extend', { exact: true }).click();
    const made = nextSucceeded(page);
    await page.getByTestId('process-button').click();
    const trimmed = await made;
    const crop = trimmed.crop!;
    expect(crop.width).toBeLessThan(1200);
    const label = await page.getByTestId('result').getByTestId('result-trimmed').textContent();
    const percent = /^Trimmed (\d+) %/.exec(label ?? '')![1];

    await page.getByRole('link', { name: 'History' }).click();
    const card = page.getByTestId('history-card');
    const version = card.getByTestId('history-version-trimmed');
    await expect(version).toHaveText(`Trimmed ${percent} %`);
    await expect(version).toHaveAttribute('title', label!);

    await card.getByRole('button', { name: 'Compare' }).click();
    const viewer = page.getByRole('dialog');
    const result = await viewer.getByRole('img', { name: /Your image expanded/ }).boundingBox();
    const original = await viewer.getByRole('img', { name: 'Your original image' }).boundingBox();
    if (!result || !original) throw new Error('the compare slider is not laid out');
    // The whole original reaches past the result where it was trimmed, at the kept part's scale.
    const scale = Math.min(trimmed.width / crop.width, trimmed.height / crop.height);
    expect((original.x - result.x) / result.width).toBeCloseTo(
      (trimmed.offset_x! - crop.x * scale) / trimmed.width,
      2,
    );
    expect(original.width / result.width).toBeCloseTo((1200 * scale) / trimmed.width, 2);
  });
});
