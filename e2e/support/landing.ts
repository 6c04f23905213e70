import type { Page } from '@playwright/test';

/**
 * Opens the landing page and waits until its island script has taken it over. `/` arrives as
 * prerendered HTML, complete but inert: its menu, tabs, presets and sliders answer once the
 * script has run, and its first request, the session check, is sent as it starts.
 */
export async function openLanding(page: Page): Promise<void> {
  const sessionCheck = page.waitForRequest(
    (request) => new URL(request.url()).pathname === '/api/auth/get-session',
  );
  await page.goto('/');
  await sessionCheck;
}

/**
 * Every layout shift the page has reported since it started loading (the Layout Instability
 * API), with the elements that moved. Needs `recordLayoutShifts` before the page loads.
 */
export async function layoutShifts(page: Page): Promise<{ value: number; moved: string[] }[]> {
  return page.evaluate(
    () =>
      (window as unknown as { __layoutShifts: { value: number; moved: string[] }[] })
        .__layoutShifts,
  );
}

export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; moved: string[] }[] = [];
    (window as unknown as { __layoutShifts: typeof shifts }).__layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as PerformanceEntry & {
          value: number;
          sources?: { node?: Node | null }[];
        };
        shifts.push({
          value: shift.value,
          moved: (shift.sources ?? []).map((source) =>
            source.node instanceof Element ? source.node.outerHTML.slice(0, 120) : '#text',
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
