/**
 * Start-up cost of what we ship: `npm run bench:startup`. For the CLI, the wall time of
 * outpainting an 8x8 PNG to 1:1 minus the engine's own reported ms, which leaves what the
 * command adds (Node, module loading, npm); for the server, the time from spawn to the first
 * answer from /api/health on a fresh data folder. Each is measured through the compiled bundles
 * (builds them first when stale) and, for comparison, from the TypeScript sources through tsx.
 * Prints medians of a few runs; on a busy machine every number grows, so compare rows of one run.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { freePort } from './free-port';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const runFile = promisify(execFile);
const CLI_RUNS = 5;
const SERVER_RUNS = 3;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function timeCli(command: string, args: string[]): Promise<{ wall: number; engine: number }> {
  const started = performance.now();
  const { stdout } = await runFile(command, args, { cwd: repoRoot });
  const wall = performance.now() - started;
  const line = JSON.parse(stdout.trim().split('\n').pop()!) as { ms: number };
  return { wall, engine: line.ms };
}

async function timeServer(args: string[]): Promise<number> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'reframe-startup-'));
  const started = performance.now();
  const server = spawn(process.execPath, args, {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    server.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  }
}

const work = await mkdtemp(join(tmpdir(), 'reframe-startup-'));
const input = join(work, 'in.png');
const output = join(work, 'out.png');
await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7' } })
  .png()
  .toFile(input);
const cliArgs = [input, '-o', output, '--ratio', '1:1'];

const cliVariants: [string, string, string[]][] = [
  ['npm run -s outpaint', 'npm', ['run', '-s', 'outpaint', '--', ...cliArgs]],
  ['node scripts/run.mjs outpaint', process.execPath, ['scripts/run.mjs', 'outpaint', ...cliArgs]],
  [
    'node packages/engine/dist/cli/cli.mjs',
    process.execPath,
    ['packages/engine/dist/cli/cli.mjs', ...cliArgs],
  ],
  [
    'node --import tsx packages/engine/src/cli.ts',
    process.execPath,
    ['--import', 'tsx', 'packages/engine/src/cli.ts', ...cliArgs],
  ],
];
const serverVariants: [string, string[]][] = [
  ['node scripts/run.mjs serve', ['scripts/run.mjs', 'serve']],
  ['node apps/server/dist/main.mjs', ['apps/server/dist/main.mjs']],
  ['node --import tsx apps/server/src/main.ts', ['--import', 'tsx', 'apps/server/src/main.ts']],
];

// Builds whatever is stale, so that no measured run includes a build.
await timeCli(process.execPath, ['scripts/run.mjs', 'outpaint', ...cliArgs]);
await runFile(process.execPath, ['scripts/run.mjs', 'db:migrate'], {
  cwd: repoRoot,
  env: { ...process.env, DATA_DIR: work },
});

const [load] = loadavg();
console.log(`load average ${load!.toFixed(1)} on ${availableParallelism()} cores\n`);
const rows: string[] = [];
for (const [label, command, args] of cliVariants) {
  const runs: { wall: number; engine: number }[] = [];
  for (let i = 0; i < CLI_RUNS; i += 1) runs.push(await timeCli(command, args));
  const wall = median(runs.map((r) => r.wall));
  const engine = median(runs.map((r) => r.engine));
  const own = median(runs.map((r) => r.wall - r.engine));
  rows.push(`| ${label} | ${Math.round(wall)} | ${Math.round(engine)} | ${Math.round(own)} |`);
}
console.log(`CLI, 8x8 PNG to 1:1, median of ${CLI_RUNS} (ms)\n`);
console.log('| command | wall | engine | added by the command |\n| --- | ---: | ---: | ---: |');
console.log(rows.join('\n'));

console.log(
  `\nServer, spawn to first /api/health on a fresh data folder, median of ${SERVER_RUNS} (ms)\n`,
);
console.log('| command | to /api/health |\n| --- | ---: |');
for (const [label, args] of serverVariants) {
  const times: number[] = [];
  for (let i = 0; i < SERVER_RUNS; i += 1) times.push(await timeServer(args));
  console.log(`| ${label} | ${Math.round(median(times))} |`);
}
await rm(work, { recursive: true, force: true });
