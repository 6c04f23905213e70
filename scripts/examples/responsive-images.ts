import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImageVariant, ResponsiveImage } from '@reframe/shared';
import sharp from 'sharp';

/** Widths the page's srcset offers; an image is never enlarged past its own width. */
const SRCSET_WIDTHS = [320, 640, 960, 1280, 1600] as const;

// Qualities picked by eye on the fixtures: AVIF 52 and WebP 78 keep the engine's fill detail
// visible at about a third of the PNG's size; the JPEG is only the fallback of old browsers.
const AVIF = { quality: 52, effort: 4 } as const;
const WEBP = { quality: 78, effort: 5 } as const;
const JPEG = { quality: 80, mozjpeg: true } as const;

function srcsetWidths(naturalWidth: number): number[] {
  const widths: number[] = SRCSET_WIDTHS.filter((width) => width < naturalWidth);
  const largest = SRCSET_WIDTHS[SRCSET_WIDTHS.length - 1] ?? naturalWidth;
  if (naturalWidth <= largest) widths.push(naturalWidth);
  return widths;
}

/** Writes `<name>-<width>.avif|webp` for each srcset width and `<name>-<largest>.jpg`. */
export async function writeResponsiveImage(
  png: Uint8Array,
  outDir: string,
  name: string,
): Promise<ResponsiveImage> {
  const { width, height } = await sharp(png).metadata();
  const variants: ImageVariant[] = [];
  for (const target of srcsetWidths(width)) {
    const resized = sharp(png).resize({ width: target, kernel: 'lanczos3' });
    const variant = {
      width: target,
      avif: `${name}-${target}.avif`,
      webp: `${name}-${target}.webp`,
    };
    await writeFile(join(outDir, variant.avif), await resized.clone().avif(AVIF).toBuffer());
    await writeFile(join(outDir, variant.webp), await resized.clone().webp(WEBP).toBuffer());
    variants.push(variant);
  }
  const largest = variants[variants.length - 1]?.width ?? width;
  const fallback = `${name}-${largest}.jpg`;
  const jpeg = await sharp(png).resize({ width: largest }).flatten().jpeg(JPEG).toBuffer();
  await writeFile(join(outDir, fallback), jpeg);
  return { width, height, variants, fallback };
}
