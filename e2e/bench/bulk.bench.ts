/**
 * bench:bulk: a Growth user turns 3 photos into the Meta pack in one run (12 exact-size images).
 * Times, in Chromium against the compiled server, from confirming the run to the last result on
 * screen, and prints one line per run. BENCH_RUNS (default 1) runs it again with a new user.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import { fixtureImage } from '@reframe/fixtures';
import { freePort } from '../../scripts/free-port';
import { signUpAndVerify, startBenchServer } from './bench-app';

const PHOTOS = ['coffee.png', 'chelsea.png', 'astronaut.png'];
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const { values: options } = parseArgs({
  options: { megapixels: { type: 'string', default: '2' } },
});
const MEGAPIXELS = Number(options.megapixels);

async function growthUser(page: Page, base: string, run: number): Promise<void> {
  await signUpAndVerify(page, base, `bulk.${Date.now().toString(36)}.${run}@example.com`);
  await page.goto(`${base}/app/billing`);
  await page
    .getByRole('listitem', { name: 'Growth' })
    .getByRole('button', { name: 'Select Plan' })
    .click();
  await page.getByRole('button', { name: 'Proceed to Payment - $10/month' }).click();
  await page.getByRole('button', { name: 'Pay $10' }).click();
  await page.getByTestId('Remaining credits').filter({ hasText: '75' }).waitFor();
  await page.goto(`${base}/app`);
}

/** Milliseconds from confirming the run to its last result on screen. */
async function timeOneRun(page: Page, photos: string[]): Promise<number> {
  await page.locator('input[type=file]').setInputFiles(photos);
  await page
    .getByTestId('bulk-count')
    .filter({ hasText: `${photos.length} photos` })
    .waitFor();
  await page.getByRole('checkbox', { name: '1:1', exact: true }).uncheck({ force: true });
  await page.getByRole('tab', { name: 'Packs' }).click();
  await page.getByTestId('pack-meta').check({ force: true });
  await page.locator('[data-testid=process-button]:enabled').click();
  const confirm = page.getByTestId('confirm-run');
  await confirm.waitFor();
  const started = performance.now();
  await confirm.click();
  await page
    .getByTestId('bulk-progress')
    .filter({ hasText: `${photos.length * 4} of ${photos.length * 4} images ready` })
    .waitFor({ timeout: 600_000 });
  return performance.now() - started;
}

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'reframe-bulk-bench-'));
  const photos: string[] = [];
  for (const name of PHOTOS) {
    const meta = await sharp(fixtureImage(name)).metadata();
    const scale = Math.sqrt((MEGAPIXELS * 1e6) / ((meta.width ?? 1) * (meta.height ?? 1)));
    const file = join(work, name.replace('.png', '.jpg'));
    await sharp(fixtureImage(name))
      .resize(Math.round((meta.width ?? 1) * scale))
      .jpeg({ quality: 90 })
      .toFile(file);
    photos.push(file);
  }
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server = await startBenchServer(port, join(work, 'data'));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
    console.log(
      `${PHOTOS.length} photos of ${MEGAPIXELS} MP to the Meta pack (${PHOTOS.length * 4} images) on Growth, ${cpus().length} cores`,
    );
    console.log('| run | confirm to last result |');
    console.log('| --- | --- |');
    for (let run = 1; run <= RUNS; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await growthUser(page, base, run);
      const ms = await timeOneRun(page, photos);
      console.log(`| ${run} | ${(ms / 1000).toFixed(1)} s |`);
      await context.close();
    }
    console.log(
      `load average while measuring: ${loadavg()
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
