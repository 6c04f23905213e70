/**
 * `npm run bench:resizer`: the landing page's promise, measured in the browser. A real server on
 * a temp data folder, Debian's Chromium, a new verified Free user per run (Free runs one ratio at
 * a time). The clock runs from choosing a 2 MP photo to the ZIP of its three results (1:1, 16:9,
 * 9:16) saved by "Download All as ZIP". Three runs; prints each run, then the median of each stage:
 *
 * - upload: choosing the photo until its ratio shows, and the click on Process;
 * - queue wait: while none of the run's ratios was on a worker (dispatch, and the wait for the
 *   plan's one-at-a-time slot);
 * - engine: the outpaint itself (decode, fill, encode), from the server's log; the built-in
 *   engine encodes the stored files themselves (lossless WebP and thumbnails, issue 40);
 * - store: the storage write, and a hosted result's WebP and thumbnails made from its PNG, from
 *   the server's log;
 * - other job work: the rest of each job's time on a worker (claim, read, settle);
 * - result on screen: the last job settled until its card shows (the held poll, the image load);
 * - download: the click on "Download All as ZIP" until the ZIP is saved.
 *
 * Each run also prints the CPU time the server spent on it (every thread: the request handlers,
 * the engine and codec workers): unlike the clock, it hardly moves with the machine's load, and
 * with Free's one ratio at a time it is close to what the run takes on a quiet machine, less the
 * browser's part.
 *
 * `-- --ratios 16:9,9:16,21:9,4:5` picks the ratios besides 1:1; `-- --megapixels 12` the photo.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { fixtureImage } from '@reframe/fixtures';
import { aspectRatios, copy } from '@reframe/shared';
import sharp from 'sharp';
import { freePort } from '../../scripts/free-port';
import { signUpAndVerify, startBenchServer } from './bench-app';

const FIXTURE = fixtureImage('coffee.png');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const { values: options } = parseArgs({
  options: {
    ratios: { type: 'string', default: '16:9,9:16' },
    megapixels: { type: 'string', default: '2' },
  },
});
const RATIOS = options.ratios.split(','); // with 1:1, selected at first
/** The fixture's 3:2 shape at the asked size (2 MP: 1732x1155). */
const MEGAPIXELS = Number(options.megapixels);
const PHOTO_SIZE = {
  width: Math.round(Math.sqrt((MEGAPIXELS * 1e6 * 3) / 2)),
  height: Math.round(Math.sqrt((MEGAPIXELS * 1e6 * 2) / 3)),
};

/** One job as the server logged it: when it started, and what its success line says. */
interface JobLog {
  startedAt?: number;
  succeededAt?: number;
  ms?: number;
  decodeMs?: number;
  fillMs?: number;
  encodeMs?: number;
  compactMs?: number;
  storeMs?: number;
}
const jobLogs = new Map<string, JobLog>();

function readJobLogs(server: ChildProcess): void {
  if (!server.stdout) return;
  createInterface({ input: server.stdout }).on('line', (line) => {
    if (!line.includes('"prediction s')) return;
    const entry = JSON.parse(line) as JobLog & { predictionId: string; msg: string; time: number };
    const job = jobLogs.get(entry.predictionId) ?? {};
    if (entry.msg === 'prediction started') job.startedAt = entry.time;
    if (entry.msg === 'prediction succeeded')
      Object.assign(job, entry, { succeededAt: entry.time });
    jobLogs.set(entry.predictionId, job);
  });
}

/** The ids of the predictions this page starts, from the server's answers. */
function watchStarts(page: Page): string[] {
  const ids: string[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !response.url().endsWith('/api/replicate')) return;
    if (response.status() !== 202) return;
    void response.json().then((body: { id: string }) => ids.push(body.id));
  });
  return ids;
}

const STAGES = [
  'upload',
  'queue wait',
  'engine',
  'store',
  'other job work',
  'result on screen',
  'download',
] as const;
type Stage = (typeof STAGES)[number];

interface RunTimes {
  /** From choosing the photo to each result on screen, in order. */
  resultMs: number[];
  totalMs: number;
  stages: Record<Stage, number>;
}

/** The CPU time a Linux process has used so far, all its threads, in ms (from /proc). */
async function cpuMsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** Time covered by the union of the intervals. */
function covered(intervals: [number, number][]): number {
  let total = 0;
  let reach = -Infinity;
  for (const [from, to] of [...intervals].sort((a, b) => a[0] - b[0])) {
    total += Math.max(0, to - Math.max(from, reach));
    reach = Math.max(reach, to);
  }
  return total;
}

async function settledJobs(ids: string[], count: number): Promise<Required<JobLog>[]> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const jobs = ids.map((id) => jobLogs.get(id));
    if (ids.length === count && jobs.every((job) => job?.succeededAt !== undefined)) {
      return jobs as Required<JobLog>[];
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the server did not log every job of the run');
}

async function timeOneRun(page: Page, photo: string): Promise<RunTimes> {
  const ids = watchStarts(page);
  for (const ratio of RATIOS) {
    const category = aspectRatios.find((option) => option.label === ratio)?.category;
    if (!category) throw new Error(`${ratio} is not in the catalogue`);
    await page.getByRole('tab', { name: new RegExp(`^${category}`) }).click();
    await page.getByRole('checkbox', { name: ratio, exact: true }).check({ force: true });
  }
  const chosen = Date.now();
  await page.locator('input[type=file]').setInputFiles(photo);
  await page.getByTestId('original-ratio').getByText(':1').waitFor();
  await page.getByTestId('process-button').click();
  const processing = Date.now();
  const resultMs: number[] = [];
  for (let index = 0; index <= RATIOS.length; index += 1) {
    const failed = page.getByTestId('queue-item').filter({ hasText: 'Error' });
    await page.getByTestId('result').nth(index).or(failed).first().waitFor({ timeout: 180_000 });
    if ((await failed.count()) > 0) {
      throw new Error(`a ratio failed: ${await failed.first().innerText()}`);
    }
    resultMs.push(Date.now() - chosen);
  }
  const shown = Date.now();
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: copy.resizer.downloadAllZip }).click();
  await (await saved).path();
  const downloaded = Date.now();

  const jobs = await settledJobs(ids, RATIOS.length + 1);
  const lastSettled = Math.max(...jobs.map((job) => job.succeededAt));
  const onWorkers = covered(jobs.map((job) => [job.startedAt, job.succeededAt]));
  const engine = jobs.reduce((sum, job) => sum + job.ms, 0);
  const store = jobs.reduce((sum, job) => sum + job.compactMs + job.storeMs, 0);
  return {
    resultMs,
    totalMs: downloaded - chosen,
    stages: {
      upload: processing - chosen,
      'queue wait': lastSettled - processing - onWorkers,
      engine,
      store,
      'other job work': onWorkers - engine - store,
      'result on screen': shown - lastSettled,
      download: downloaded - shown,
    },
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function stageTable(runs: RunTimes[]): string {
  const header = `| stage | ${runs.map((_, index) => `run ${index + 1}`).join(' | ')} | median |`;
  const row = (name: string, values: number[]) =>
    `| ${name} | ${values.map(seconds).join(' | ')} | ${seconds(median(values))} |`;
  return [
    header,
    `|---|${runs.map(() => '---|').join('')}---|`,
    ...STAGES.map((stage) =>
      row(
        stage,
        runs.map((run) => run.stages[stage]),
      ),
    ),
    row(
      '**upload to download**',
      runs.map((run) => run.totalMs),
    ),
  ].join('\n');
}

/** Inside the engine: median and maximum of each part over every job of every run, in ms. */
function engineTable(): string {
  const jobs = [...jobLogs.values()];
  const parts: [string, (number | undefined)[]][] = [
    ['decode', jobs.map((job) => job.decodeMs)],
    ['fill', jobs.map((job) => job.fillMs)],
    ['encode (built-in: WebP + thumbnails)', jobs.map((job) => job.encodeMs)],
    ['WebP + thumbnails from a PNG (hosted)', jobs.map((job) => job.compactMs)],
    ['storage write', jobs.map((job) => job.storeMs)],
  ];
  const rows = parts.map(([name, values]) => {
    const known = values.filter((value): value is number => value !== undefined);
    if (known.length === 0) return `| ${name} | - | - |`;
    return `| ${name} | ${Math.round(median(known))} | ${Math.round(Math.max(...known))} |`;
  });
  return [`| part (${jobs.length} jobs) | median ms | max ms |`, '|---|---|---|', ...rows].join(
    '\n',
  );
}

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'reframe-bench-'));
  const photo = join(work, `coffee-${MEGAPIXELS}mp.jpg`);
  await sharp(FIXTURE).resize(PHOTO_SIZE).jpeg({ quality: 90 }).toFile(photo);
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server = await startBenchServer(port, join(work, 'data'), 'info');
  readJobLogs(server);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
    const runs: RunTimes[] = [];
    const cpuMs: number[] = [];
    const serverPid = server.pid ?? 0;
    console.log(
      `${MEGAPIXELS} MP photo (${PHOTO_SIZE.width}x${PHOTO_SIZE.height}) to 1:1, ${RATIOS.join(', ')}, on Free`,
    );
    for (let run = 1; run <= RUNS; run += 1) {
      const context = await browser.newContext({
        viewport: { width: 1440, height: 900 },
        acceptDownloads: true,
      });
      const page = await context.newPage();
      await signUpAndVerify(page, base, `bench.${Date.now().toString(36)}.${run}@example.com`);
      const cpuBefore = await cpuMsOf(serverPid);
      const times = await timeOneRun(page, photo);
      cpuMs.push((await cpuMsOf(serverPid)) - cpuBefore);
      runs.push(times);
      console.log(
        `run ${run}: results at ${times.resultMs.map(seconds).join(' / ')}, upload to download ${seconds(times.totalMs)}, server CPU ${seconds(cpuMs.at(-1) ?? 0)}`,
      );
      await context.close();
    }
    console.log(`\n${stageTable(runs)}\n\n${engineTable()}\n`);
    console.log(`median server CPU per run: ${seconds(median(cpuMs))}`);
    console.log(
      `load average after measuring: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await rm(work, { recursive: true, force: true });
  }
}

await main();
