/**
 * The prerendered landing page's only script (build/prerender-landing.ts puts it in place of the
 * app's). The page is complete without JavaScript, so the app (React, the router, the session
 * check: main.tsx, which then hydrates the page) is fetched once the page is on screen and never
 * competes with the stylesheet, the font and the hero image for the first paint. The build lists
 * the app's modules on this script's tag: the entry first, then the chunks it imports.
 */

/** Resolves once the browser has shown the page's first content; at once without paint timing. */
function firstContentfulPaint(): Promise<void> {
  if (!PerformanceObserver.supportedEntryTypes.includes('paint')) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

const script = document.querySelector<HTMLScriptElement>('script[data-app-modules]');
const [entry, ...chunks] = script?.dataset.appModules?.split(' ') ?? [];
if (!entry) throw new Error('landing.html names no app modules (data-app-modules)');

await firstContentfulPaint();
// Fetched together rather than one after the other as the browser discovers the imports.
for (const href of chunks) {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}
await import(/* @vite-ignore */ entry);

// A module (top-level await), which exports nothing.
export {};
