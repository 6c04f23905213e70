import { expect, test, type Page } from '@playwright/test';
import { copy, plans, planClaims } from '@reframe/shared';
import { createVerifiedUser } from '../support/accounts';
import { openLanding } from '../support/landing';

const banner = (page: Page) => page.getByRole('banner');

async function hrefOf(page: Page, name: string, scope = page.locator('body')) {
  return scope.getByRole('link', { name, exact: true }).first().getAttribute('href');
}

test.describe('landing page, signed out', () => {
  test.beforeEach(async ({ page }) => {
    await openLanding(page);
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'Instantly Resize and Reframe Your Images with AI',
      }),
    ).toBeVisible();
  });

  test('the top bar offers Log in and Try for Free, and no Go to App', async ({ page }) => {
    expect(await hrefOf(page, 'Log in', banner(page))).toBe('/signin');
    // Both "Try for Free" buttons go to the same place (issue 16): the brief's /signin.
    expect(await hrefOf(page, 'Try for Free', banner(page))).toBe('/signin');
    await expect(page.getByTestId('hero-cta')).toHaveAttribute('href', '/signin');
    await expect(banner(page).getByRole('link', { name: 'Go to App' })).toHaveCount(0);
    await banner(page).getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('the hero and final calls to action go to sign in and sign up', async ({ page }) => {
    await expect(page.getByText('No credit card required').first()).toBeVisible();
    await expect(page.getByTestId('hero-cta')).toHaveAttribute('href', '/signin');
    await expect(page.getByTestId('final-cta')).toHaveText(/Get Started for Free/);
    await page.getByTestId('final-cta').click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('the top bar turns translucent once scrolled past 10 px', async ({ page }) => {
    const header = banner(page);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    const opaque = await header.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(opaque).toBe('rgb(255, 255, 255)');
    await page.evaluate(() => window.scrollTo(0, 8));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect
      .poll(() => header.evaluate((element) => getComputedStyle(element).backgroundColor))
      .toMatch(/(rgba\(255, 255, 255, 0\.8\)|oklab\(.* \/ 0\.8\)|color\(srgb 1 1 1 \/ 0\.8\))/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  test('shows the four feature cards and the four galleries', async ({ page }) => {
    for (const title of [
      'Auto-Fill Backgrounds',
      'Multiple Formats Instantly',
      'Save Time & Resources',
      'Easy to Use',
    ]) {
      await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
    }
    const tabs = page.getByRole('tablist', { name: 'Example categories' }).getByRole('tab');
    await expect(tabs).toHaveText([
      'Abstract Art',
      'Scenic Landscapes',
      'Professional Photography',
      'Product Photography',
    ]);
    await page.getByRole('tab', { name: 'Scenic Landscapes' }).click();
    await expect(page.getByRole('tabpanel').getByRole('slider')).toHaveCount(1);
    // The trim-and-extend example says what it trimmed.
    await expect(
      page.getByRole('tabpanel').getByText(/^Trimmed \d+ % \(left, right\)$/),
    ).toBeVisible();
    await page.getByRole('tab', { name: 'Professional Photography' }).click();
    await expect(page.getByRole('tabpanel').getByRole('slider')).toHaveCount(1);
    await page.getByRole('tab', { name: 'Professional Photography' }).press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Product Photography' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Product Photography' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(
      page
        .getByRole('tabpanel')
        .getByRole('img', { name: /espresso cup.*extended by Reframe to 16:9/ }),
    ).toBeAttached();
  });

  test('the pricing shows the catalogue plans and claims', async ({ page }) => {
    for (const plan of plans) {
      const card = page.getByTestId(`plan-${plan.id}`);
      await expect(card.getByRole('heading', { name: plan.name })).toBeVisible();
      await expect(card).toContainText(`$${plan.price}`);
      await expect(card).toContainText(plan.marketing.headline);
      // The catalogue's one feature list, as Billing's cards show it too (issue 41).
      await expect(card.getByRole('listitem')).toHaveText(
        plan.features.map((feature) =>
          feature === plan.processing.feature ? copy.billing.processingFeature(plan) : feature,
        ),
      );
      if (plan.badge) await expect(card).toContainText(plan.badge);
      await expect(card.getByRole('link')).toHaveAttribute('href', '/signup');
    }
    await expect(page.getByTestId('plan-free')).toContainText('5 image credits/month');
    await expect(page.getByTestId('plan-starter')).toContainText('30 resizes');
    await expect(page.getByTestId('plan-growth')).toContainText('75 resizes');
    await expect(page.getByTestId('plan-expert')).toContainText('175 resizes');
    // The brief's cost per resize (issue 29); the free tier has none.
    await expect(page.getByTestId('plan-starter')).toContainText('$0.17 per resize');
    await expect(page.getByTestId('plan-growth')).toContainText('$0.13 per resize');
    await expect(page.getByTestId('plan-expert')).toContainText('$0.11 per resize');
    await expect(page.getByTestId('plan-free')).not.toContainText('per resize');
    // The team offer, named concretely (issue 26).
    await expect(page.getByTestId('plan-expert')).toContainText(
      'Team of up to 5 with a shared credit pool',
    );
    await expect(page.locator('#pricing')).toContainText(planClaims.anyTime);
    await expect(page.locator('#pricing')).toContainText(planClaims.noCreditCard);
  });

  test('the demo starts at 21:9, follows the chosen preset, and Custom is disabled', async ({
    page,
  }) => {
    const presets = page.getByRole('group', { name: 'Aspect ratio presets' });
    await expect(presets.getByRole('button')).toHaveText([
      '1:1',
      '16:9',
      '4:5',
      '9:16',
      '21:9',
      'Custom',
    ]);
    await expect(presets.getByRole('button', { name: '21:9' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(presets.getByRole('button', { name: 'Custom' })).toBeDisabled();
    // The tooltip tells the truth: the app has presets, no custom ratio (issue 16).
    await expect(presets.getByRole('button', { name: 'Custom' })).toHaveAttribute(
      'title',
      /^Custom ratios are not available yet/,
    );
    const label = page.getByTestId('demo-result-label');
    await expect(label).toHaveText('Result: 21:9');

    const result = page.locator('#demo figure img');
    for (const [preset, ratio] of [
      ['9:16', 9 / 16],
      ['1:1', 1],
      ['4:5', 4 / 5],
      ['16:9', 16 / 9],
      ['21:9', 21 / 9],
    ] as const) {
      await presets.getByRole('button', { name: preset, exact: true }).click();
      await expect(presets.getByRole('button', { name: preset, exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(label).toHaveText(`Result: ${preset}`);
      await expect(result).toHaveAttribute('alt', new RegExp(`extended by Reframe to ${preset}$`));
      await result.scrollIntoViewIfNeeded();
      await expect
        .poll(() =>
          result.evaluate(
            (image: HTMLImageElement) => image.naturalWidth / (image.naturalHeight || 1),
          ),
        )
        .toBeCloseTo(ratio, 1);
    }
  });

  test('the before/after slider answers the keyboard and the mouse', async ({ page }) => {
    const slider = page.getByRole('slider', { name: /Compare the original photo/ }).first();
    const before = page.getByTestId('before-layer').first();
    await expect(slider).toHaveValue('50');
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(slider).toHaveValue('48');
    await expect(before).toHaveAttribute('style', /inset\(0px 52% 0px 0px\)|inset\(0 52% 0 0\)/);
    await page.keyboard.press('End');
    await expect(slider).toHaveValue('100');

    const box = await slider.boundingBox();
    if (!box) throw new Error('the slider has no box');
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => Number(await slider.inputValue())).toBeLessThan(35);
  });

  test('images are responsive, sized, modern and lazy below the fold', async ({ page }) => {
    const hero = page
      .locator('section')
      .first()
      .getByRole('img', { name: /extended by Reframe to 16:9/ });
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    await expect(hero).toHaveAttribute('loading', 'eager');
    const images = page.locator('main picture img');
    const count = await images.count();
    expect(count).toBeGreaterThan(4);
    for (let index = 0; index < count; index += 1) {
      const image = images.nth(index);
      await expect(image).toHaveAttribute('width', /^\d+$/);
      await expect(image).toHaveAttribute('height', /^\d+$/);
    }
    await expect(page.locator('#examples picture img').first()).toHaveAttribute('loading', 'lazy');
    await expect(page.locator('main picture source[type="image/avif"]').first()).toHaveAttribute(
      'srcset',
      /\.avif \d+w/,
    );
    await expect(page.locator('main picture source[type="image/webp"]').first()).toHaveAttribute(
      'srcset',
      /\.webp \d+w/,
    );
  });

  test('has a title, description, social preview and favicon', async ({ page, request }) => {
    await expect(page).toHaveTitle(/Reframe/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /aspect ratio/,
    );
    const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(ogImage).toBeTruthy();
    const preview = await request.get(new URL(ogImage ?? '', page.url()).pathname);
    expect(preview.headers()['content-type']).toContain('image/jpeg');
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
      'content',
      'summary_large_image',
    );
    const icon = await page.locator('link[rel="icon"]').first().getAttribute('href');
    expect((await request.get(icon ?? '')).ok()).toBe(true);
  });
});

test.describe('landing page, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the menu opens and closes from the keyboard and holds the sign-in links', async ({
    page,
  }) => {
    await openLanding(page);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#public-mobile-menu')).toHaveCount(0);
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menu = page.locator('#public-mobile-menu');
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(menu.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/signin');
    await expect(menu.getByRole('link', { name: 'Try for Free' })).toHaveAttribute(
      'href',
      '/signin',
    );
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Features' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toHaveCount(0);
    // The open menu lies over a backdrop, which closes it when tapped (issue 41).
    await page.getByRole('button', { name: 'Open menu' }).click();
    const backdrop = page.getByTestId('public-menu-backdrop');
    await expect(backdrop).toBeVisible();
    const viewport = page.viewportSize()!;
    await backdrop.click({ position: { x: viewport.width / 2, y: viewport.height - 20 } });
    await expect(menu).toHaveCount(0);
    await expect(backdrop).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await expect(menu).toHaveCount(0);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Simple plans that grow with you' }),
    ).toBeInViewport();
  });

  test('the before/after slider follows a tap', async ({ page }) => {
    await openLanding(page);
    const slider = page.getByRole('slider', { name: /Compare the original photo/ }).first();
    const box = await slider.boundingBox();
    if (!box) throw new Error('the slider has no box');
    await page.touchscreen.tap(box.x + box.width * 0.85, box.y + box.height / 2);
    await expect.poll(async () => Number(await slider.inputValue())).toBeGreaterThan(70);
  });
});

test.describe('landing page, signed in', () => {
  test('every call to action leads into the app', async ({ page, request }) => {
    await createVerifiedUser(page, request);
    await page.goto('/');
    await expect(banner(page).getByRole('link', { name: 'Go to App' })).toHaveAttribute(
      'href',
      '/app',
    );
    await expect(banner(page).getByRole('link', { name: 'Log in' })).toHaveCount(0);
    await expect(page.getByTestId('hero-cta')).toHaveAttribute('href', '/app');
    await expect(page.getByTestId('final-cta')).toHaveAttribute('href', '/app');
    await expect(page.getByTestId('plan-growth').getByRole('link')).toHaveAttribute(
      'href',
      '/app/billing',
    );
    await page.getByTestId('final-cta').click();
    await expect(page.getByRole('heading', { name: 'AI Image Resizer' })).toBeVisible();
    await page.goto('/');
    await banner(page).getByRole('link', { name: 'Go to App' }).click();
    await expect(page).toHaveURL(/\/app$/);
  });
});
