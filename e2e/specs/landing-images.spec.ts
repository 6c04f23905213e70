import { expect, test, type Page } from '@playwright/test';

/** Every image URL the page asked for, and every request that failed (an aborted download). */
function recordImages(page: Page) {
  const requested: string[] = [];
  const failed: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image') requested.push(request.url());
  });
  page.on('requestfailed', (request) => failed.push(request.url()));
  return { requested, failed };
}

/** The file each <img> on the page shows. */
const shownImages = (page: Page) =>
  page.evaluate(() => Array.from(document.images, (image) => image.currentSrc).filter(Boolean));

async function openAndSettle(page: Page): Promise<void> {
  await page.goto('/');
  const hero = page
    .locator('section')
    .first()
    .getByRole('img', { name: /extended by Reframe/ });
  await expect(hero).toHaveJSProperty('complete', true);
  await page.waitForLoadState('networkidle');
}

/**
 * Issue 29, item 17: a phone downloads the images it shows, not a size it then drops. The phone's
 * screen is as wide as its viewport, as on a real phone: a context that keeps the default 1920 px
 * screen makes Chromium's preload scanner read `vw` and media queries against that screen.
 */
test.describe('on a phone at DPR 2', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    screen: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });

  test('the landing page downloads only the images it shows', async ({ page }) => {
    const { requested, failed } = recordImages(page);
    await openAndSettle(page);
    const shown = await shownImages(page);
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((url) => !shown.includes(url))).toEqual([]);
    expect(failed).toEqual([]);
  });
});

test('on a desktop the hero is preloaded, and the preload is the file the hero shows', async ({
  page,
}) => {
  const { requested, failed } = recordImages(page);
  await openAndSettle(page);
  const shown = await shownImages(page);
  const heroFiles = requested.filter((url) => url.includes('/assets/hero-'));
  expect(heroFiles).toHaveLength(1);
  expect(shown).toContain(heroFiles[0]);
  expect(requested.filter((url) => !shown.includes(url))).toEqual([]);
  expect(failed).toEqual([]);
  const landing = await (await page.request.get('/')).text();
  expect(landing).toMatch(/<link rel="preload" as="image"[^>]*imagesrcset="\/assets\/hero-/);
});
