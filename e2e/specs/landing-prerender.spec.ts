import { expect, test, type Page } from '@playwright/test';
import { plans } from '@reframe/shared';
import { createVerifiedUser } from '../support/accounts';
import { layoutShifts, openLanding, recordLayoutShifts } from '../support/landing';

const heroTitle = 'Instantly Resize and Reframe Your Images with AI';
const banner = (page: Page) => page.getByRole('banner');

test.describe('the landing page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/ arrives complete in its HTML: hero, sections, links and images', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: heroTitle })).toBeVisible();
    await expect(page.getByTestId('hero-cta')).toHaveAttribute('href', '/signin');
    await expect(page.getByTestId('final-cta')).toHaveAttribute('href', '/signup');
    await expect(banner(page).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/signin',
    );
    for (const title of ['Auto-Fill Backgrounds', 'Easy to Use']) {
      await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
    }
    for (const plan of plans) {
      await expect(page.getByTestId(`plan-${plan.id}`)).toContainText(`$${plan.price}`);
    }
    const hero = page
      .locator('section')
      .first()
      .getByRole('img', { name: /extended by Reframe/ });
    await expect(hero).toHaveJSProperty('complete', true);
    expect(await hero.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  });
});

test('only / is prerendered; every other path gets the empty app shell', async ({ request }) => {
  const landing = await request.get('/');
  expect(await landing.text()).toContain(`>${heroTitle}</h1>`);
  for (const path of ['/signin', '/app', '/app/settings', '/no/such/page', '/landing.html']) {
    const page = await (await request.get(path)).text();
    expect(page, path).toContain('<div id="root"></div>');
    expect(page, path).not.toContain('<h1');
  }
});

test('the prerendered page runs no inline script, so the CSP needs no unsafe-inline', async ({
  request,
}) => {
  const landing = await request.get('/');
  const csp = landing.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  const scripts = [...(await landing.text()).matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toMatch(/ src="\/assets\/[^"]+\.js"/);
});

test('the islands take over the page without an error and without moving anything', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  await recordLayoutShifts(page);
  await openLanding(page);
  // Interactive now: the gallery tabs answer.
  await page.getByRole('tab', { name: 'Product Photography' }).click();
  await expect(page.getByRole('tab', { name: 'Product Photography' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  expect(problems).toEqual([]);
  expect(await layoutShifts(page)).toEqual([]);
});

test('the landing page loads only its island scripts, none of the app (issue 41)', async ({
  page,
}) => {
  const scripts: { url: string; bytes: number }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({ url: new URL(response.url()).pathname, bytes: (await response.body()).length });
  });
  await openLanding(page);
  // Interactive all the same: the menu, the tabs and the presets answer.
  await page.getByRole('tab', { name: 'Scenic Landscapes' }).click();
  await expect(page.getByRole('tab', { name: 'Scenic Landscapes' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  // React, the router, React Query, the auth client and the icons weigh hundreds of KB.
  const total = scripts.reduce((sum, { bytes }) => sum + bytes, 0);
  expect(total, JSON.stringify(scripts)).toBeLessThan(16 * 1024);
});

test.describe('the landing page, signed in', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 768, height: 1024 },
  ]) {
    test(`switches to Go to App without moving anything at ${viewport.width} px`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(viewport);
      await createVerifiedUser(page, request);
      await recordLayoutShifts(page);
      await page.goto('/');
      await expect(banner(page).getByRole('link', { name: 'Go to App' })).toBeVisible();
      await expect(banner(page).getByRole('link', { name: 'Log in' })).toHaveCount(0);
      await expect(page.getByTestId('hero-cta')).toHaveAttribute('href', '/app');
      await expect(page.getByTestId('final-cta')).toHaveAttribute('href', '/app');
      expect(await layoutShifts(page)).toEqual([]);
    });
  }
});

/**
 * `sizesAgainstDrawnWidths` once every shown image has been laid out: an image swapped in a
 * moment ago can be drawn 0 px wide for a frame, which says nothing about its `sizes`.
 */
async function laidOutSizesAgainstDrawnWidths(page: Page) {
  let measured: Awaited<ReturnType<typeof sizesAgainstDrawnWidths>> = [];
  await expect
    .poll(async () => {
      measured = await sizesAgainstDrawnWidths(page);
      return measured.filter(({ drawn }) => drawn === 0).map(({ alt }) => alt);
    })
    .toEqual([]);
  return measured;
}

/**
 * Each loaded landing image's `sizes` (of its first <source>), evaluated at this viewport the way
 * the browser does, against the width the image is actually drawn at. `vw` includes a desktop
 * scrollbar, which the layout does not: that much (plus rounding) is allowed.
 */
async function sizesAgainstDrawnWidths(page: Page) {
  return page.locator('main picture').evaluateAll((pictures) => {
    // The html element reserves the gutter (scrollbar-gutter: stable), so the body shows it.
    const scrollbar = window.innerWidth - document.body.getBoundingClientRect().width;
    return pictures.flatMap((picture) => {
      const image = picture.querySelector('img');
      const sizes = picture.querySelector('source')?.getAttribute('sizes');
      // A lazy image still far below has not loaded yet: it has no drawn width to compare.
      const loaded = image?.complete === true && image.naturalWidth > 0;
      if (!image || !sizes || !loaded || image.getClientRects().length === 0) return [];
      const rules = sizes.split(/,\s*(?![^()]*\))/);
      const rule = rules.find((candidate) => {
        const media = /^\((.*)\)\s+(?=\S+$|calc)/.exec(candidate);
        return media ? matchMedia(`(${media[1]})`).matches : true;
      });
      const length = (rule ?? '').replace(/^\(.*?\)\s+(?=\S+$|calc)/, '');
      const probe = document.createElement('div');
      probe.style.cssText = `position: fixed; visibility: hidden; width: ${length}`;
      document.body.append(probe);
      const expected = probe.getBoundingClientRect().width;
      probe.remove();
      const drawn = image.getBoundingClientRect().width;
      return [{ alt: image.alt, sizes: length, expected, drawn, allowed: scrollbar + 2 }];
    });
  });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1100, height: 900 },
  { width: 1440, height: 900 },
]) {
  test(`the images' sizes attributes match the widths they are drawn at, ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openLanding(page);
    // Every gallery and demo preset once, each image loaded, so every picture is measured.
    const measured = [];
    for (const tab of await page.getByRole('tab').all()) {
      await tab.click();
      for (const image of await page.getByRole('tabpanel').getByRole('img').all()) {
        await image.scrollIntoViewIfNeeded();
        await expect(image).toHaveJSProperty('complete', true);
      }
      measured.push(...(await laidOutSizesAgainstDrawnWidths(page)));
    }
    const result = page.locator('#demo figure img');
    for (const preset of ['1:1', '16:9', '4:5', '9:16', '21:9']) {
      await page
        .getByRole('group', { name: 'Aspect ratio presets' })
        .getByRole('button', { name: preset, exact: true })
        .click();
      await expect(result).toHaveAttribute('alt', new RegExp(`to ${preset}$`));
      await result.scrollIntoViewIfNeeded();
      await expect(result).toHaveJSProperty('complete', true);
      measured.push(...(await laidOutSizesAgainstDrawnWidths(page)));
    }
    expect(measured.length).toBeGreaterThan(20);
    for (const { alt, sizes, expected, drawn, allowed } of measured) {
      expect(Math.abs(expected - drawn), `${alt}: sizes ${sizes}, drawn ${drawn} px`).toBeLessThan(
        allowed,
      );
    }
  });
}
