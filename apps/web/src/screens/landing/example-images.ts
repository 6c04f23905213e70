import type { LandingExample, ResponsiveImage } from '@reframe/shared';
import manifest from './examples/manifest.json';

export type ExampleId = keyof typeof manifest;

// Written by `npm run examples` (scripts/examples.ts); the page never hard-codes a size.
const examples: Record<ExampleId, LandingExample> = manifest;

// Vite fingerprints every generated file; the manifest names them, this maps names to URLs.
const urls = import.meta.glob<string>('./examples/*.{avif,webp,jpg}', {
  eager: true,
  query: '?url',
  import: 'default',
});

export function exampleUrl(file: string): string {
  const url = urls[`./examples/${file}`];
  if (url === undefined) throw new Error(`Example image ${file} is missing: run npm run examples`);
  return url;
}

export function srcSet(image: ResponsiveImage, format: 'avif' | 'webp'): string {
  return image.variants
    .map((variant) => `${exampleUrl(variant[format])} ${variant.width}w`)
    .join(', ');
}

export function getExample(id: ExampleId): LandingExample {
  return examples[id];
}
