import type { LandingExample, ResponsiveImage } from '@reframe/shared';
import manifest from './examples/manifest.json';

export type ExampleId = keyof typeof manifest;

/** JSON reads the style as any string: the script writes only these two. */
const styleOf = (style: string): LandingExample['style'] =>
  style === 'blurred_backdrop' ? 'blurred_backdrop' : 'natural';

// Written by `npm run examples` (scripts/examples.ts); the page never hard-codes a size.
const examples = Object.fromEntries(
  Object.entries(manifest).map(([id, example]) => [
    id,
    { ...example, style: styleOf(example.style) },
  ]),
) as Record<ExampleId, LandingExample>;

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
