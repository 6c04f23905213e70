import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { fixtureImage } from '@reframe/fixtures';
import { API_HEADERS, API_KEY_PREFIXES, expansionSchema, type Expansion } from '@reframe/shared';
import { readFile } from 'node:fs/promises';
import { createVerifiedUser } from '../support/accounts';

const coffee = fixtureImage('coffee.png');

/** Buys Expert through the test checkout: the balance is topped up to 175. */
async function buyExpert(page: Page) {
  await page.getByRole('link', { name: 'Billing', exact: true }).click();
  await page.getByRole('listitem', { name: 'Expert' }).getByRole('button').click();
  await page.getByRole('button', { name: 'Proceed to Payment - $20/month' }).click();
  await page.getByRole('button', { name: 'Pay $20' }).click();
  await expect(page.getByTestId('Remaining credits')).toHaveText('175');
}

/** Creates a key in Settings → API keys and returns the secret the dialog shows once. */
async function createKeyInSettings(page: Page, name: string): Promise<string> {
  await page.goto('/app/settings');
  await page.getByRole('button', { name: 'Create key', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('radio', { name: /Live/ }).check();
  // One label for the opener and the submit (issue 41): not "Create key" beside "Create Key".
  await dialog.getByRole('button', { name: 'Create key', exact: true }).click();
  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(shown).toContainText('it will not be shown again');
  const secret = (await shown.getByTestId('new-api-key').textContent()) ?? '';
  expect(secret.startsWith(API_KEY_PREFIXES.live)).toBe(true);
  await shown.getByRole('button', { name: 'Copy the API key' }).click();
  await expect(shown.getByRole('button', { name: 'Copy the API key' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await shown.getByRole('button', { name: 'Done' }).click();
  return secret;
}

async function getExpansion(request: APIRequestContext, key: string, id: string) {
  const answer = await request.get(`/v1/expansions/${id}`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  expect(answer.status()).toBe(200);
  return expansionSchema.parse(await answer.json());
}

test.describe('API keys (issue 30)', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('an Expert user makes a live key, expands a photo with it, and revokes it', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await createVerifiedUser(page, request);
    await buyExpert(page);

    const keyName = 'Catalogue sync';
    const secret = await createKeyInSettings(page, keyName);
    const row = page.getByTestId('api-key').filter({ hasText: keyName });
    await expect(row).toContainText('Live');
    await expect(row).toContainText('Never used');
    await expect(page.getByText(secret)).toHaveCount(0);

    const auth = { Authorization: `Bearer ${secret}` };
    const created = await request.post('/v1/expansions', {
      headers: auth,
      multipart: {
        image: { name: 'coffee.png', mimeType: 'image/png', buffer: await readFile(coffee) },
        ratio: '16:9',
      },
    });
    expect(created.status()).toBe(202);
    expect(created.headers()[API_HEADERS.creditsCharged.toLowerCase()]).toBe('1');
    const expansion: Expansion = expansionSchema.parse(await created.json());
    expect(expansion.outputs).toHaveLength(1);

    await expect
      .poll(async () => (await getExpansion(request, secret, expansion.id)).status, {
        timeout: 120_000,
      })
      .toBe('succeeded');
    const settled = await getExpansion(request, secret, expansion.id);
    const output = settled.outputs[0];
    expect(output?.url).toBeTruthy();
    const image = await request.get(output?.url ?? '');
    expect(image.status()).toBe(200);

    await page.goto('/app/billing');
    await expect(page.getByTestId('Remaining credits')).toHaveText('174');

    await page.goto('/app/history');
    const card = page.getByTestId('history-card').first();
    await expect(card.getByTestId('api-badge')).toHaveText(`API · ${keyName}`);

    await page.goto('/app/settings');
    await expect(row).not.toContainText('Never used');
    await page.getByRole('button', { name: `Revoke ${keyName}` }).click();
    await page
      .getByRole('dialog', { name: `Revoke "${keyName}"?` })
      .getByRole('button', { name: 'Revoke Key' })
      .click();
    await expect(row).toHaveCount(0);

    const refused = await request.get(`/v1/expansions/${expansion.id}`, { headers: auth });
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });

  test('a Free user reads where API access comes from', async ({ page, request }) => {
    await createVerifiedUser(page, request);
    await page.goto('/app/settings');
    await expect(page.getByTestId('api-not-allowed')).toContainText(
      'API access comes with the Expert plan',
    );
    await page.getByTestId('api-not-allowed').getByRole('link', { name: 'See plans' }).click();
    await expect(page).toHaveURL(/\/app\/billing$/);
  });

  test('/docs/api is public, linked from the footer, and scrolls its code, not the page, at 390 px', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'API docs' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reframe API' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'OpenAPI 3.1 document' }).first()).toHaveAttribute(
      'href',
      '/v1/openapi.json',
    );
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
