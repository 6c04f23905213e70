/**
 * `npm run bench:engine`: speed and quality of the engine against two baselines.
 * Quality: crop a centred region of each fixture photo, extend it back to the full frame, and
 * compare the new area with the real one. Speed: 2 MP to 1:1, 16:9, 9:16 and 12 MP to 9:16,
 * each measured in a fresh process (after one small warm-up job, as in a pool worker).
 */
import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { computeCanvas, parseRatio } from '@reframe/shared/geometry/index';
import { decodeImage } from '../src/codecs/decode';
import { outpaintFill } from '../src/fill/outpaint-fill';
import { outpaint } from '../src/outpaint';
import { blurFill, mirrorFill } from './baselines';
import { saveExamples } from './examples';
import type { Frame, Quality, Rect } from './metrics';
import { measureQuality } from './metrics';
import { saveMontage } from './montage';

const FIXTURES = new URL('../../../../shared/fixtures/images/', import.meta.url);
const OUTPUT = new URL('../../../bench-output/', import.meta.url);
const CROP = 0.6;

async function qualityBench(): Promise<void> {
  const files = (await readdir(FIXTURES)).filter((f) => /\.(png|jpe?g)$/i.test(f)).sort();
  const rows: string[] = [];
  const all: Record<'ours' | 'mirror' | 'blur', Quality[]> = { ours: [], mirror: [], blur: [] };
  for (const file of files) {
    const real = await decodeImage(new Uint8Array(await readFile(new URL(file, FIXTURES))));
    for (const direction of ['sides', 'top-bottom'] as const) {
      const known = centredCrop(real, direction);
      const crop = cropFrame(real, known);
      const started = performance.now();
      const ours: Frame = {
        width: real.width,
        height: real.height,
        channels: real.channels,
        data: outpaintFill(
          crop,
          { width: real.width, height: real.height, offsetX: known.x, offsetY: known.y },
          1,
        ),
      };
      const ms = performance.now() - started;
      const mirror = mirrorFill(crop, real.width, real.height, known);
      const blur = await blurFill(crop, real.width, real.height, known);
      const q = {
        ours: measureQuality(ours, real, known),
        mirror: measureQuality(mirror, real, known),
        blur: measureQuality(blur, real, known),
      };
      for (const key of ['ours', 'mirror', 'blur'] as const) all[key].push(q[key]);
      rows.push(
        `| ${file} ${direction} | ${Math.round(ms)} | ${fmt(q.ours)} | ${fmt(q.mirror)} | ${fmt(q.blur)} |`,
      );
      await saveMontage(new URL(`${file.replace(/\.\w+$/, '')}-${direction}.png`, OUTPUT), [
        crop,
        known,
        real,
        ours,
        mirror,
        blur,
      ]);
    }
  }
  console.log('\nQuality on ground truth (seam / colour / texture; lower is better)\n');
  console.log('| case | fill ms | ours | mirror | blur fill |\n|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log(
    `| **median** | | ${fmt(median(all.ours))} | ${fmt(median(all.mirror))} | ${fmt(median(all.blur))} |`,
  );
}

function centredCrop(frame: Frame, direction: 'sides' | 'top-bottom'): Rect {
  const width = direction === 'sides' ? Math.round(frame.width * CROP) : frame.width;
  const height = direction === 'sides' ? frame.height : Math.round(frame.height * CROP);
  return { x: (frame.width - width) >> 1, y: (frame.height - height) >> 1, width, height };
}

function cropFrame(frame: Frame, r: Rect): Frame & { channels: 3 | 4 } {
  const c = frame.channels;
  const data = new Uint8Array(r.width * r.height * c);
  for (let y = 0; y < r.height; y++) {
    const from = ((r.y + y) * frame.width + r.x) * c;
    data.set(frame.data.subarray(from, from + r.width * c), y * r.width * c);
  }
  return { width: r.width, height: r.height, channels: c === 4 ? 4 : 3, data };
}

const fmt = (q: Quality): string =>
  `${q.seam.toFixed(2)} / ${q.colour.toFixed(1)} / ${q.texture.toFixed(2)}`;

function median(list: Quality[]): Quality {
  const mid = (values: number[]): number => {
    const s = [...values].sort((a, b) => a - b);
    const m = s.length >> 1;
    return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
  };
  return {
    seam: mid(list.map((q) => q.seam)),
    colour: mid(list.map((q) => q.colour)),
    texture: mid(list.map((q) => q.texture)),
  };
}

/** One speed case, run in a child process so its peak memory (maxRSS) is its own. */
async function timingCase(fixture: string, megapixels: number, ratios: string[]): Promise<void> {
  const source = sharp(await readFile(new URL(fixture, FIXTURES)));
  const meta = await source.metadata();
  const factor = Math.sqrt((megapixels * 1e6) / (meta.width * meta.height));
  const width = Math.round(meta.width * factor);
  const height = Math.round(meta.height * factor);
  const input = new Uint8Array(
    await source.resize(width, height, { kernel: 'lanczos3' }).jpeg({ quality: 90 }).toBuffer(),
  );
  const warmup = new Uint8Array(
    await sharp(await readFile(new URL(fixture, FIXTURES)))
      .resize(320)
      .png()
      .toBuffer(),
  );
  await outpaint({
    input: warmup,
    canvas: { width: 400, height: 400, offsetX: 40, offsetY: 80 },
    seed: 1,
  });
  const times: number[] = [];
  const cpu: number[] = [];
  for (const ratio of ratios) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const result = await outpaint({
      input,
      canvas: computeCanvas(width, height, parseRatio(ratio)),
      seed: 7,
    });
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpuStarted);
    cpu.push((used.user + used.system) / 1000);
    if (result.png.length === 0) throw new Error('empty output');
  }
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ width, height, times, cpu, maxRssMb }));
}

function runTiming(label: string, fixture: string, megapixels: number, ratios: string[]): string {
  const out = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--timing',
      fixture,
      String(megapixels),
      ratios.join(','),
    ],
    { encoding: 'utf8' },
  );
  const r = JSON.parse(out.trim().split('\n').pop()!) as {
    width: number;
    height: number;
    times: number[];
    cpu: number[];
    maxRssMb: number;
  };
  const sum = (list: number[]): number => Math.round(list.reduce((a, b) => a + b, 0));
  const each = r.times.map((t, i) => `${ratios[i]} ${Math.round(t)}`).join(', ');
  return `| ${label} (${r.width}x${r.height}) | ${each} | ${sum(r.times)} | ${sum(r.cpu)} | ${Math.round(r.maxRssMb)} |`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--timing') {
    await timingCase(args[1]!, Number(args[2]), args[3]!.split(','));
    return;
  }
  await mkdir(OUTPUT, { recursive: true });
  if (args[0] === '--quality') {
    await qualityBench();
    return;
  }
  if (args[0] === '--examples') {
    await saveExamples(FIXTURES, OUTPUT, Number(args[1] ?? 1));
    return;
  }
  console.log(
    `Speed (decode + fill + encode; wall ms, CPU ms of all threads; peak RSS in MB; load ${loadavg()[0]!.toFixed(1)})\n`,
  );
  console.log(
    '| case | wall ms per ratio | total wall ms | total CPU ms | peak MB |\n|---|---|---|---|---|',
  );
  for (const fixture of ['coffee.png', 'rocket.jpg']) {
    console.log(runTiming(`${fixture} 2 MP`, fixture, 2, ['1:1', '16:9', '9:16']));
  }
  for (const fixture of ['coffee.png', 'rocket.jpg']) {
    console.log(runTiming(`${fixture} 12 MP`, fixture, 12, ['9:16']));
  }
  await qualityBench();
  console.log(`\nMontages (crop, real frame, ours, mirror, blur fill): ${fileURLToPath(OUTPUT)}`);
}

await main();
