/**
 * `npm run check`: format, lint, typecheck and knip, on both cores. ESLint (type-aware) and tsc
 * each build the TypeScript programs of every workspace on one core, so the format check and the
 * lint run in one lane while the typecheck and knip run in the other (about as long). Each step's output is printed
 * when it ends, with its time; the check fails if any step fails, after both lanes are done.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const lanes = [
  ['format:check', 'lint'],
  ['typecheck', 'knip'],
];

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
