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

  test('ratios start in the order they are listed, and a regeneration says it is starting', async ({
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
  });
});
