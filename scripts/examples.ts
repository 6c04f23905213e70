/**
 * Regenerates every example image of the landing page with our own engine, from the licensed
 * fixture photos, with fixed seeds: `npm run examples`. Writes responsive AVIF/WebP (and a JPEG
 * fallback) plus manifest.json, which the page imports for sizes so nothing shifts, and the
 * social-preview card and PNG icons in apps/web/public.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { outpaint } from '@reframe/engine';
import { fixtureImage } from '@reframe/fixtures';
import {
  computeCanvas,
  copy,
  parseRatio,
  trimLimitsOf,
  type FillStyle,
  type FramingMode,
  type LandingExample,
  type LandingManifest,
  type ResponsiveImage,
} from '@reframe/shared';
import { writeResponsiveImage } from './examples/responsive-images';
import { writeIcons, writeSocialPreview } from './examples/site-images';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(repoRoot, 'apps/web/src/screens/landing/examples');
const publicDir = join(repoRoot, 'apps/web/public');

interface ExampleSpec {
  id: string;
  source: string;
  ratio: string;
  seed: number;
  /** The built-in engine's default, Auto framing, unless an example shows another. */
  framing?: FramingMode;
  /** The natural fill unless an example shows another. */
  style?: FillStyle;
}

/**
 * Chosen by looking at each result full size, made with the built-in engine's default framing,
 * Auto (it trims up to 25 % of the photo across the axis that does not grow when that fill is
 * cleaner, and says so under the example), and "Auto" placement. The hero is the deep field at
 * 16:9, on which nothing can be pointed at. `landscapes` is the one trim-and-extend example: the
 * rocket at 1:1 with "Trim and extend", trimmed at the sides and extended into the sky. Left out
 * because every framing and seed tried showed a defect at full size: the rocket at 16:9 (a launch
 * tower doubled at the sides), the cat (fur stacked at the chin, a box at the bottom right, seams
 * at the edges) and the coffee at 1:1 and 4:5 (the table's edge torn into a jagged step). The demo extends one photo to every preset of
 * the brief. At 9:16 the deep field's natural fill repeats galaxies (a pair twice, one above the
 * other) with every framing and seed tried, so the demo shows that preset with the product's
 * clean alternative for large changes of shape, the blurred backdrop (whole photo), and says so
 * under the result.
 */
const demoPresets = ['21:9', '16:9', '1:1', '4:5', '9:16'] as const;
const examples: ExampleSpec[] = [
  { id: 'hero', source: 'hubble_deep_field.jpg', ratio: '16:9', seed: 7 },
  { id: 'abstract', source: 'hubble_deep_field.jpg', ratio: '4:5', seed: 7 },
  { id: 'landscapes', source: 'rocket.jpg', ratio: '1:1', seed: 7, framing: 'trim' },
  { id: 'professional-portrait', source: 'astronaut.png', ratio: '4:5', seed: 3 },
  { id: 'product', source: 'coffee.png', ratio: '16:9', seed: 7 },
  ...demoPresets.map((ratio): ExampleSpec => ({
    id: `demo-${ratio.replace(':', 'x')}`,
    source: 'hubble_deep_field.jpg',
    ratio,
    seed: 7,
    ...(ratio === '9:16' ? { style: 'blurred_backdrop', framing: 'keep' } : {}),
  })),
];

function baseName(source: string): string {
  return source.replace(/\.[a-z]+$/, '').replace(/_/g, '-');
}

/** The simplest W:H (sides up to 16) within 1% of the photo's ratio: 640x427 reads "3:2". */
function describeRatio(width: number, height: number): string {
  const actual = width / height;
  for (let h = 1; h <= 16; h += 1) {
    for (let w = 1; w <= 16; w += 1) {
      if (Math.abs(w / h - actual) / actual < 0.01) return `${w}:${h}`;
    }
  }
  return `${actual.toFixed(2)}:1`;
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

async function generate(spec: ExampleSpec, originals: Map<string, ResponsiveImage>) {
  const input = new Uint8Array(await readFile(fixtureImage(spec.source)));
  const { width, height } = await sharp(input).metadata();
  const canvas = computeCanvas(width, height, parseRatio(spec.ratio));
  // The engine chooses where the original sits and what it trims; the compare slider shows the
  // kept part where it ended up.
  const result = await outpaint({
    input,
    canvas,
    seed: spec.seed,
    placement: 'auto',
    style: spec.style ?? 'natural',
    ...trimLimitsOf(spec.framing ?? 'auto'),
  });
  const { crop } = result;
  const keptScale = canvas.imageWidth / width;
  const name = baseName(spec.source);
  let original = originals.get(spec.source);
  if (!original) {
    const png = await sharp(input).png().toBuffer();
    original = await writeResponsiveImage(png, outDir, `original-${name}`);
    originals.set(spec.source, original);
  }
  const entry: LandingExample = {
    source: spec.source,
    ratio: spec.ratio,
    seed: spec.seed,
    sourceRatio: describeRatio(width, height),
    style: spec.style ?? 'natural',
    original,
    result: await writeResponsiveImage(result.png, outDir, spec.id),
    crop,
    placement: {
      x: round4(result.offsetX / result.width),
      y: round4(result.offsetY / result.height),
      width: round4(Math.round(crop.width * keptScale) / result.width),
      height: round4(Math.round(crop.height * keptScale) / result.height),
    },
  };
  process.stdout.write(
    `${spec.id}: ${spec.source} → ${spec.ratio} ${result.width}x${result.height}, kept ${JSON.stringify(crop)} of ${width}x${height}, confidence ${result.confidence.toFixed(2)} (${Math.round(result.ms)} ms)\n`,
  );
  return { entry, png: result.png };
}

async function clearGeneratedImages(): Promise<void> {
  await mkdir(outDir, { recursive: true });
  for (const file of await readdir(outDir)) {
    if (/\.(avif|webp|jpg)$/.test(file)) await rm(join(outDir, file));
  }
}

async function main(): Promise<void> {
  await clearGeneratedImages();
  const originals = new Map<string, ResponsiveImage>();
  const manifest: LandingManifest = {};
  for (const spec of examples) {
    const { entry, png } = await generate(spec, originals);
    manifest[spec.id] = entry;
    if (spec.id === 'hero') {
      await writeSocialPreview(png, join(publicDir, 'social-preview.jpg'), {
        wordmark: copy.product.wordmark,
        headline: copy.landing.heroTitle,
        note: copy.landing.noCreditCard,
      });
    }
  }
  await writeFile(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeIcons(publicDir);
  process.stdout.write(`wrote ${examples.length} examples to ${outDir}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `examples: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
