import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Plugin } from 'vite';
import { heroExampleId, heroImageSizes } from '../src/screens/landing/hero-image';

interface ManifestImage {
  variants: { width: number; avif: string }[];
}

const manifestUrl = new URL('../src/screens/landing/examples/manifest.json', import.meta.url);

/**
 * The hero image is the landing page's largest paint, but the browser only finds it once the
 * JavaScript has run. A preload in index.html starts the download with the HTML instead.
 */
export function preloadHero(): Plugin {
  return {
    name: 'reframe:preload-hero',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return;
        const emitted = new Map<string, string>();
        for (const output of Object.values(ctx.bundle)) {
          if (output.type !== 'asset') continue;
          for (const original of output.originalFileNames) {
            emitted.set(basename(original), output.fileName);
          }
        }
        const manifest = JSON.parse(readFileSync(manifestUrl, 'utf8')) as Record<
          string,
          { result: ManifestImage }
        >;
        const hero = manifest[heroExampleId];
        if (!hero) throw new Error(`examples/manifest.json has no "${heroExampleId}" example`);
        const srcset = hero.result.variants.map((variant) => {
          const fileName = emitted.get(variant.avif);
          if (!fileName) throw new Error(`The build did not emit ${variant.avif}`);
          return `/${fileName} ${variant.width}w`;
        });
        return [
          {
            tag: 'link',
            injectTo: 'head',
            attrs: {
              rel: 'preload',
              as: 'image',
              type: 'image/avif',
              imagesrcset: srcset.join(', '),
              imagesizes: heroImageSizes,
              fetchpriority: 'high',
            },
          },
        ];
      },
    },
  };
}
