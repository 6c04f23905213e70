/**
 * Runs npm scripts in lanes side by side: `node scripts/lanes.mjs a+b c` runs `a` then `b` in one
 * lane while `c` runs in another. `npm run check`, `npm test` and `npm run test:integration` use
 * it: their steps each leave a core idle much of the time (ESLint and tsc build their programs on
 * one core; an integration test mostly waits on its server, engine worker or database), so two
 * lanes fit 2 cores. Each step's output is printed when it ends, with its time; the run fails if any step
 * fails, after every lane is done.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const lanes = process.argv.slice(2).map((lane) => lane.split('+'));
if (lanes.length === 0) {
  process.stderr.write('usage: node scripts/lanes.mjs <script>[+<script>...] ...\n');
  process.exit(2);
}

/** Runs `npm run -s <script>`; resolves with whether it passed, once its output is printed. */
function run(script) {
  const started = performance.now();
  const child = spawn('npm', ['run', '-s', script], { cwd: repoRoot });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? 'ok' : 'FAILED'}: ${script} (${seconds} s)\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

async function runLane(scripts) {
  let passed = true;
  for (const script of scripts) passed = (await run(script)) && passed;
  return passed;
}

const results = await Promise.all(lanes.map(runLane));
process.exit(results.every(Boolean) ? 0 : 1);
