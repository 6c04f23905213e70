/**
 * Lighthouse on the built landing page, mobile emulation (Lighthouse's default config), with
 * Debian's Chromium: `npm run build && npm run bench:lighthouse`. Builds nothing itself: it starts
 * the server on a temporary data folder and a free port, audits `/` (or the path given as the
 * first argument), prints the four category scores and the key metrics, and writes the full
 * report to bench-output/ as HTML and as JSON.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from './free-port';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const chromiumPath = '/usr/bin/chromium';
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const metrics = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

async function waitForHealth(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // Not listening yet: try again shortly.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not answer /api/health within 60 s');
}

function startServer(port: number, dataDir: string): ChildProcess {
  return spawn(process.execPath, ['scripts/run.mjs', 'serve'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      // A production start needs https and Stripe (SECURITY.md); the landing page is served
      // the same way in every mode.
      NODE_ENV: 'development',
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'warn',
    },
  });
}

function printTable(lhr: {
  categories: Record<string, { title: string; score: number | null }>;
  audits: Record<string, { title: string; displayValue?: string }>;
}): void {
  const rows: [string, string][] = [
    ...categories.map((id): [string, string] => {
      const category = lhr.categories[id];
      return [
        category?.title ?? id,
        category?.score == null ? 'n/a' : String(Math.round(category.score * 100)),
      ];
    }),
    ...metrics.map((id): [string, string] => [
      lhr.audits[id]?.title ?? id,
      lhr.audits[id]?.displayValue ?? 'n/a',
    ]),
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  process.stdout.write(
    `| ${'Lighthouse (mobile)'.padEnd(width)} | value |\n| ${'-'.repeat(width)} | ----- |\n`,
  );
  for (const [name, value] of rows) process.stdout.write(`| ${name.padEnd(width)} | ${value} |\n`);
}

async function main(): Promise<void> {
  if (!existsSync(join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` first');
  }
  if (!existsSync(chromiumPath))
    throw new Error(`Chromium not found at ${chromiumPath}: apt-get install -y chromium`);
  const path = process.argv[2] ?? '/';
  const dataDir = await mkdtemp(join(tmpdir(), 'reframe-lighthouse-'));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const server = startServer(port, dataDir);
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags });
  try {
    await waitForHealth(baseUrl, server);
    const result = await lighthouse(`${baseUrl}${path}`, {
      port: chrome.port,
      output: ['html', 'json'],
      logLevel: 'error',
      onlyCategories: [...categories],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    printTable(result.lhr);
    // A failed trace (NO_NAVSTART, NO_FCP...) leaves the trace-based scores empty: say so.
    const failure = result.lhr.runtimeError;
    if (failure) {
      process.stderr.write(
        `\nLighthouse could not measure the page: ${failure.code}: ${failure.message}\n`,
      );
      process.exitCode = 1;
    }
    const outDir = join(repoRoot, 'bench-output');
    await mkdir(outDir, { recursive: true });
    const [html, json] = Array.isArray(result.report) ? result.report : [result.report];
    const report = join(outDir, 'lighthouse.html');
    await writeFile(report, String(html));
    // The JSON holds what the HTML only summarises: every audit's items, the network requests.
    if (json !== undefined) await writeFile(join(outDir, 'lighthouse.json'), String(json));
    process.stdout.write(`\nfull report: ${report} (and lighthouse.json)\n`);
  } finally {
    chrome.kill();
    server.kill();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench:lighthouse: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
});
