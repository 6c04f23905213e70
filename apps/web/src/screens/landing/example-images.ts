import manifest from './examples/manifest.json';

/** Written by `npm run examples` (scripts/examples.ts); the page never hard-codes a size. */
export interface ResponsiveImage {
  width: number;
  height: number;
  variants: { width: number; avif: string; webp: string }[];
  fallback: string;
}

export interface Example {
  source: string;
  ratio: string;
  seed: number;
  sourceRatio: string;
  original: ResponsiveImage;
  result: ResponsiveImage;
  /** Where the original sits on the result, as fractions of the result's width and height. */
  placement: { x: number; y: number; width: number; height: number };
}

export type ExampleId = keyof typeof manifest;

const examples: Record<ExampleId, Example> = manifest;

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

export function getExample(id: ExampleId): Example {
  return examples[id];
}
