import { expect, test, type Page } from '@playwright/test';
import { fixtureImage } from '@reframe/fixtures';
import { createVerifiedUser } from '../support/accounts';

const coffee = fixtureImage('coffee.png'); // 600 x 400

/** The aspect ratio of every prediction the page starts, in the order it sends them. */
function recordStarts(page: Page): string[] {
  const starts: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/api/replicate') return;
    const body = request.postDataJSON() as { data: { input: { aspect_ratio: string } } };
    starts.push(body.data.input.aspect_ratio);
  });
  return starts;
}

test.describe('the run, ratio by ratio', () => {
  test.setTimeout(180_000);

  test('ratios start in the order they are listed, a regeneration says it is starting, and out of credits the Regenerate tooltip fits a phone', async ({
    page,
    request,
  }) => {
    await createVerifiedUser(page, request);
    await page.locator('input[type=file]').setInputFiles(coffee);
    await expect(page.getByTestId('original-ratio')).toHaveText('1.50:1');
    for (const ratio of ['16:9', '9:16']) {
      await page.getByRole('checkbox', { name: ratio, exact: true }).check({ force: true });
    }
    const starts = recordStarts(page);
    await page.getByTestId('process-button').click();
    await expect(page.getByTestId('result')).toHaveCount(3, { timeout: 150_000 });
    expect(starts).toEqual(['1:1', '16:9', '9:16']);

    // The regeneration's request is held until the queue has been read.
    let send: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      send = resolve;
    });
    await page.route('**/api/replicate', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await page.getByTestId('result').first().getByRole('button', { name: 'Regenerate' }).click();
    await expect(page.getByTestId('queue-item').first()).toContainText('Starting regeneration...');
    send();
    await expect(page.getByTestId('queue-status').first()).toHaveText('Completed', {
      timeout: 60_000,
    });

    // The last credit: then Regenerate is off, and says why.
    await page.getByTestId('result').first().getByRole('button', { name: 'Regenerate' }).click();
    await expect(page.getByTestId('credits-left')).toHaveText('0 credits left', {
      timeout: 60_000,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    const tile = page.getByTestId('result').first();
    const regenerate = tile.getByRole('button', { name: 'Regenerate' });
    await expect(regenerate).toBeDisabled();
    await regenerate.scrollIntoViewIfNeeded();
    await regenerate.hover({ force: true });
    const tooltip = tile.getByRole('tooltip');
    await expect(tooltip).toHaveText('Out of credits. Please upgrade your plan.');
    await expect(tooltip).toHaveCSS('opacity', '1');
    const placement = await tooltip.evaluate((element, sizeTestId) => {
      const box = element.getBoundingClientRect();
      const inside = (outer: DOMRect) =>
        box.left >= outer.left &&
        box.right <= outer.right &&
        box.top >= outer.top &&
        box.bottom <= outer.bottom;
      const clippedBy: string[] = [];
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const clips = getComputedStyle(parent).overflowX !== 'visible';
        if (clips && parent !== document.body && parent !== document.documentElement) {
          if (!inside(parent.getBoundingClientRect())) clippedBy.push(parent.tagName);
        }
      }
      const size = element
        .closest('[data-testid=result]')!
        .querySelector(`[data-testid=${sizeTestId}]`)!
        .getBoundingClientRect();
      const overlapsSize =
        box.left < size.right &&
        size.left < box.right &&
        box.top < size.bottom &&
        size.top < box.bottom;
      return { left: box.left, right: box.right, clippedBy, overlapsSize };
    }, 'result-size');
    expect(placement.left).toBeGreaterThanOrEqual(0);
    expect(placement.right).toBeLessThanOrEqual(390);
    expect(placement.clippedBy).toEqual([]);
    expect(placement.overlapsSize).toBe(false);
  });
});
