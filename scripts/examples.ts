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
}

/**
 * Chosen by looking at each result full size, made with "Auto" placement: each is the ratio that
 * shows the engine honestly at its best for that photo. The hero is the deep field at 16:9, on
 * which nothing can be pointed at; the coffee table at 16:9 showed boxes of table and a smeared
 * saucer. The demo extends one photo to every preset of the brief.
 */
const demoPresets = ['21:9', '16:9', '1:1', '4:5', '9:16'] as const;
const examples: ExampleSpec[] = [
  { id: 'hero', source: 'hubble_deep_field.jpg', ratio: '16:9', seed: 7 },
  { id: 'abstract', source: 'hubble_deep_field.jpg', ratio: '4:5', seed: 7 },
  { id: 'landscapes', source: 'rocket.jpg', ratio: '16:9', seed: 7 },
  { id: 'professional-portrait', source: 'astronaut.png', ratio: '4:5', seed: 3 },
  { id: 'professional-pet', source: 'chelsea.png', ratio: '1:1', seed: 7 },
  { id: 'product', source: 'coffee.png', ratio: '1:1', seed: 7 },
  ...demoPresets.map((ratio) => ({
    id: `demo-${ratio.replace(':', 'x')}`,
    source: 'hubble_deep_field.jpg',
    ratio,
    seed: 7,
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
  // The engine chooses where the original sits; the compare slider shows it where it ended up.
  const result = await outpaint({ input, canvas, seed: spec.seed, placement: 'auto' });
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
    original,
    result: await writeResponsiveImage(result.png, outDir, spec.id),
    placement: {
      x: round4(result.offsetX / canvas.width),
      y: round4(result.offsetY / canvas.height),
      width: round4(canvas.imageWidth / canvas.width),
      height: round4(canvas.imageHeight / canvas.height),
    },
  };
  process.stdout.write(
    `${spec.id}: ${spec.source} → ${spec.ratio} ${result.width}x${result.height} (${Math.round(result.ms)} ms)\n`,
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
