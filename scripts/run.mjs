/**
 * `node scripts/run.mjs <program> [args]`: runs one of our compiled Node programs, first
 * (re)building its bundle when it is missing or older than any of its sources, so that a fresh
 * clone needs nothing but `npm ci` and an edited source is never run stale. The check is a few
 * file stats; the program then runs in this same process, with its own arguments in process.argv.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildBundle, bundles, isFresh, repoRoot } from './bundles.mjs';

/** Program name: the bundle it belongs to and its file in that bundle's output folder. */
const programs = {
  outpaint: { bundle: 'cli', file: 'cli.mjs' },
  serve: { bundle: 'server', file: 'main.mjs' },
  'db:migrate': { bundle: 'server', file: 'migrate-cli.mjs' },
  'db:seed': { bundle: 'server', file: 'seed.mjs' },
};

const name = process.argv[2];
const program = programs[name];
if (!program) {
  process.stderr.write(`usage: node scripts/run.mjs <${Object.keys(programs).join('|')}> [args]\n`);
  process.exit(2);
}
if (!(await isFresh(program.bundle, program.file))) await buildBundle(program.bundle);
process.setSourceMapsEnabled(true); // stack traces name the TypeScript sources
process.argv.splice(2, 1);
await import(pathToFileURL(join(repoRoot, bundles[program.bundle].outdir, program.file)).href);
