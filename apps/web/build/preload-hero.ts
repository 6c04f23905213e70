import { readFileSync } from 'node:fs';
import type { LandingManifest } from '@reframe/shared';
import { heroExampleId, heroImageSizes } from '../src/screens/landing/hero-image';

const manifestUrl = new URL('../src/screens/landing/examples/manifest.json', import.meta.url);

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * The landing page's largest paint is the hero image. A preload at the top of landing.html starts
 * its download with the first bytes of the HTML, before the parser reaches the <picture>. Same
 * srcset and sizes as the <img>, so the browser picks the same file for both.
 */
export function heroPreloadLink(emitted: Map<string, string>): string {
  const manifest = JSON.parse(readFileSync(manifestUrl, 'utf8')) as LandingManifest;
  const hero = manifest[heroExampleId];
  if (!hero) throw new Error(`examples/manifest.json has no "${heroExampleId}" example`);
  const srcset = hero.result.variants.map((variant) => {
    const fileName = emitted.get(variant.avif);
    if (!fileName) throw new Error(`The build did not emit ${variant.avif}`);
    return `/${fileName} ${variant.width}w`;
  });
  const attributes = {
    rel: 'preload',
    as: 'image',
    type: 'image/avif',
    imagesrcset: srcset.join(', '),
    imagesizes: heroImageSizes,
    fetchpriority: 'high',
  };
  const rendered = Object.entries(attributes)
    .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
    .join(' ');
  return `<link ${rendered}>`;
}
