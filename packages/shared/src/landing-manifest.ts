import type { Crop, FillStyle } from './geometry/framing';

/**
 * The landing page's examples/manifest.json: written by `npm run examples` (scripts/examples.ts),
 * read by the landing page and by the build's hero preload.
 */
export interface ImageVariant {
  width: number;
  avif: string;
  webp: string;
}

export interface ResponsiveImage {
  width: number;
  height: number;
  variants: ImageVariant[];
  /** JPEG at the largest width, the `<img src>` for browsers without AVIF or WebP. */
  fallback: string;
}

export interface LandingExample {
  source: string;
  ratio: string;
  seed: number;
  /** The original's aspect ratio, as the page captions it ("3:2"). */
  sourceRatio: string;
  /** How the new area was filled; the page says so when it is not the natural fill. */
  style: FillStyle;
  original: ResponsiveImage;
  result: ResponsiveImage;
  /** The part of the original the result keeps, in the original's pixels (all of it when untrimmed). */
  crop: Crop;
  /** Where the kept part sits on the result, as fractions of the result's width and height. */
  placement: { x: number; y: number; width: number; height: number };
}

export type LandingManifest = Record<string, LandingExample>;
