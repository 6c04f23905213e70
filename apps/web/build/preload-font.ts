import type { Plugin } from 'vite';
import { emittedAssets } from './emitted-assets';

/** The Inter face every page's text is set in (src/fonts.css); the other scripts load on demand. */
const latinFace = 'inter-latin-wght-normal.woff2';

/**
 * The stylesheet names the font, but the browser only asks for it once it lays out text, and
 * `font-display: optional` gives it 100 ms from then. A preload in index.html starts the download
 * with the HTML, so the font is there for the first paint.
 */
export function preloadFont(): Plugin {
  return {
    name: 'reframe:preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return;
        const fileName = emittedAssets(ctx.bundle).get(latinFace);
        if (!fileName) throw new Error(`The build did not emit ${latinFace} (src/fonts.css)`);
        return [
          {
            tag: 'link',
            injectTo: 'head',
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              href: `/${fileName}`,
              crossorigin: true,
            },
          },
        ];
      },
    },
  };
}
