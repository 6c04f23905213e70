/**
 * The speed bench: whole jobs (decode + fill + encode) each in a fresh process after one small
 * warm-up job, as in a pool worker, so peak memory is the job's own; and the CLI's start-up cost.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { computeCanvas, parseRatio } from '@reframe/shared/geometry/index';
import type { OutpaintRequest } from '../src/pipelines/outpaint';
import { outpaint } from '../src/pipelines/outpaint';
import type { Way } from './ways';

/** The request fields of each way: Auto framing is shared's trimLimitsOf('auto'). */
const WAY_REQUEST: Record<Way, Partial<OutpaintRequest>> = {
  keep: {},
  framed: { maxTrim: 0.25, preferWhole: true },
  backdrop: { style: 'blurred_backdrop' },
};

interface Timing {
  width: number;
  height: number;
  /** Per ratio: wall ms of its first run in the process (cold) and of its second (warm). */
  cold: number[];
  times: number[];
  cpu: number[];
  maxRssMb: number;
}

/** Runs in the child process: one photo scaled to `megapixels`, extended to each ratio. */
export async function timingCase(
  photo: string,
  megapixels: number,
  ratios: string[],
  way: Way = 'keep',
): Promise<void> {
  const bytes = await readFile(photo);
  const meta = await sharp(bytes).metadata();
  const factor = Math.sqrt((megapixels * 1e6) / (meta.width * meta.height));
  const width = Math.round(meta.width * factor);
  const height = Math.round(meta.height * factor);
  const input = new Uint8Array(
    await sharp(bytes)
      .resize(width, height, { kernel: 'lanczos3' })
      .jpeg({ quality: 90 })
      .toBuffer(),
  );
  const warmup = new Uint8Array(await sharp(bytes).resize(320).png().toBuffer());
  await outpaint({
    input: warmup,
    canvas: { width: 400, height: 400, offsetX: 40, offsetY: 80 },
    seed: 1,
  });
  const cold: number[] = [];
  const times: number[] = [];
  const cpu: number[] = [];
  // A pool worker serves many jobs: the second pass is what a request meets once the worker has
  // compiled the fill's hot code; the first pass is a worker's first job.
  for (const pass of [cold, times]) {
    for (const ratio of ratios) {
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      const result = await outpaint({
        input,
        canvas: computeCanvas(width, height, parseRatio(ratio)),
        seed: 7,
        placement: 'auto',
        ...WAY_REQUEST[way],
      });
      pass.push(performance.now() - started);
      const used = process.cpuUsage(cpuStarted);
      if (pass === times) cpu.push((used.user + used.system) / 1000);
      if (result.png.length === 0) throw new Error('empty output');
    }
  }
  const timing: Timing = {
    width,
    height,
    cold,
    times,
    cpu,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  };
  console.log(JSON.stringify(timing));
}

function runTiming(
  bench: string,
  label: string,
  photo: string,
  megapixels: number,
  ratios: string[],
  way: Way = 'keep',
): string {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', bench, '--timing', photo, String(megapixels), ratios.join(','), way],
    { encoding: 'utf8' },
  );
  const r = JSON.parse(out.trim().split('\n').pop()!) as Timing;
  const sum = (list: number[]): number => Math.round(list.reduce((a, b) => a + b, 0));
  const each = r.times
    .map((t, i) => `${ratios[i]} ${Math.round(t)} (cold ${Math.round(r.cold[i]!)})`)
    .join(', ');
  return `| ${label} (${r.width}x${r.height}) | ${each} | ${sum(r.times)} | ${sum(r.cpu)} | ${Math.round(r.maxRssMb)} |`;
}

/** How the CLI is started, each timed on its own: through npm (as the README shows), and directly. */
const CLI_STARTS: { label: string; command: string; args: string[] }[] = [
  { label: '`npm run -s outpaint`', command: 'npm', args: ['run', '-s', 'outpaint', '--'] },
  {
    label: '`node scripts/run.mjs outpaint`',
    command: process.execPath,
    args: ['scripts/run.mjs', 'outpaint'],
  },
];

/**
 * The CLI's own overhead on an 8x8 image: wall time minus the engine time it reports (the median
 * of a few runs), started through npm and directly; the difference between the two is npm's own
 * start-up, not the CLI's.
 */
async function cliOverhead(repoRoot: string): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'reframe-bench-'));
  try {
    const input = join(dir, 'tiny.png');
    await writeFile(
      input,
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#4080c0' } })
        .png()
        .toBuffer(),
    );
    const rows: string[] = [];
    for (const start of CLI_STARTS) {
      const runs: { wall: number; engine: number }[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        const out = execFileSync(
          start.command,
          [...start.args, input, '-o', join(dir, 'out.png'), '--ratio', '16:9'],
          { cwd: repoRoot, encoding: 'utf8' },
        );
        const wall = performance.now() - started;
        const engine = (JSON.parse(out.trim().split('\n').pop()!) as { ms: number }).ms;
        runs.push({ wall, engine });
      }
      runs.sort((a, b) => a.wall - b.wall);
      const mid = runs[2]!;
      rows.push(
        `| ${start.label} 8x8 → 16:9 | ${Math.round(mid.wall)} | ${Math.round(mid.engine)} | ${Math.round(mid.wall - mid.engine)} |`,
      );
    }
    return rows;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function speedBench(bench: URL, photos: URL, repoRoot: URL): Promise<void> {
  const file = fileURLToPath(bench);
  const photo = (name: string): string => fileURLToPath(new URL(name, photos));
  console.log(
    `## Speed (decode + placement search + fill + encode, placement 'auto'; wall ms of a warm worker (its first job in brackets), CPU ms of all threads; peak RSS in MB; load ${loadavg()[0]!.toFixed(1)})\n`,
  );
  console.log(
    '| case | wall ms per ratio | total wall ms | total CPU ms | peak MB |\n|---|---|---|---|---|',
  );
  for (const name of ['coffee.jpg', 'rocket.jpg']) {
    console.log(runTiming(file, `${name} 2 MP`, photo(name), 2, ['16:9', '1:1', '9:16']));
  }
  for (const name of ['coffee.jpg', 'rocket.jpg']) {
    console.log(runTiming(file, `${name} 12 MP`, photo(name), 12, ['9:16']));
  }
  for (const name of ['coffee.jpg', 'rocket.jpg']) {
    console.log(runTiming(file, `${name} 2 MP, Auto framing`, photo(name), 2, ['16:9'], 'framed'));
    console.log(
      runTiming(file, `${name} 12 MP, Auto framing`, photo(name), 12, ['9:16'], 'framed'),
    );
    console.log(runTiming(file, `${name} 2 MP, backdrop`, photo(name), 2, ['16:9'], 'backdrop'));
  }
  console.log('\n| CLI start-up | wall ms | engine ms | overhead ms |\n|---|---|---|---|');
  for (const row of await cliOverhead(fileURLToPath(repoRoot))) console.log(row);
}
