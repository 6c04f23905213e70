/**
 * `npm run bench:result-sizes`: what a result weighs as the PNG it used to be stored as, against
 * the lossless WebP it is stored as now, with its two thumbnails, and the time each encode took.
 *
 * Rows: each fixture photo outpainted by the engine to 9:16 and 16:9, and one 12 MP photo (a
 * fixture scaled to 4240x2832, its pixels taken as a result of that size: the engine's fill of a
 * canvas that large takes minutes, and a result is mostly the original's pixels).
 */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { fixtureImages } from '@reframe/fixtures';
import sharp from 'sharp';
import { computeCanvas, parseRatio } from '@reframe/shared/geometry/index';
import { encodePng } from '../src/codecs/encode';
import { compactResult } from '../src/codecs/renditions';
import { outpaint } from '../src/pipelines/outpaint';

interface Row {
  name: string;
  size: string;
  png: number;
  webp: number;
  thumb: number;
  preview: number;
  pngMs: number;
  webpMs: number;
}

const mb = (bytes: number) => (bytes / 1_000_000).toFixed(2);
const kb = (bytes: number) => (bytes / 1000).toFixed(0);

/** The result's PNG as the engine writes it (encode.ts), timed; then what is stored instead. */
async function measure(name: string, png: Uint8Array): Promise<Row> {
  const { width = 0, height = 0 } = await sharp(png).metadata();
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const pngStarted = performance.now();
  const encoded = await encodePng(data, width, height, info.channels === 4 ? 4 : 3);
  const pngMs = performance.now() - pngStarted;
  const started = performance.now();
  const compact = await compactResult(encoded);
  return {
    name,
    size: `${width}x${height}`,
    png: encoded.byteLength,
    webp: compact.webp.byteLength,
    thumb: compact.thumbnails.thumb.byteLength,
    preview: compact.thumbnails.preview.byteLength,
    pngMs,
    webpMs: performance.now() - started,
  };
}

async function fixtureResults(): Promise<Row[]> {
  const rows: Row[] = [];
  const names = (await readdir(fixtureImages)).filter((name) => /\.(png|jpe?g)$/.test(name));
  for (const name of names) {
    const input = new Uint8Array(await readFile(new URL(name, fixtureImages)));
    const { width = 0, height = 0 } = await sharp(input).metadata();
    for (const ratio of ['9:16', '16:9']) {
      const canvas = computeCanvas(width, height, parseRatio(ratio));
      const result = await outpaint({ input, canvas, seed: 1 });
      rows.push(await measure(`${name} ${ratio}`, result.png));
    }
  }
  return rows;
}

async function twelveMegapixels(): Promise<Row> {
  const path = fileURLToPath(new URL('hubble_deep_field.jpg', fixtureImages));
  const png = await sharp(path).resize(4240, 2832, { fit: 'fill' }).png().toBuffer();
  return measure('hubble_deep_field.jpg 12 MP', new Uint8Array(png));
}

function print(rows: Row[]): void {
  const header =
    '| result | size | PNG MB | stored WebP MB | WebP/PNG | thumb KB | preview KB | PNG encode ms | WebP + thumbs ms |';
  console.log(header);
  console.log(header.replace(/[^|]/g, '-'));
  for (const row of rows) {
    const cells = [
      row.name,
      row.size,
      mb(row.png),
      mb(row.webp),
      `${Math.round((row.webp / row.png) * 100)}%`,
      kb(row.thumb),
      kb(row.preview),
      row.pngMs.toFixed(0),
      row.webpMs.toFixed(0),
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
  const png = rows.reduce((sum, row) => sum + row.png, 0);
  const webp = rows.reduce((sum, row) => sum + row.webp, 0);
  console.log(`\nAll results: ${mb(png)} MB as PNG, ${mb(webp)} MB as stored.`);
}

print([...(await fixtureResults()), await twelveMegapixels()]);
