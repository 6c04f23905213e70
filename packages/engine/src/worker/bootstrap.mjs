// Worker threads start from this plain ES module: on Node 20 a worker's entry file is loaded
// before `--import` hooks apply, so this shim picks what to load. The engine-worker bundle
// (scripts/bundles.mjs), while it was built after every one of its sources: the same code,
// compiled once instead of by every worker. Otherwise it registers tsx itself and loads the
// TypeScript entry. This works the same under `node --import tsx`, under vitest, and from a plain
// `node` process.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundles, isFresh, repoRoot } from '../../../../scripts/bundles.mjs';

const COMPILED = 'entry.mjs';

if (await isFresh('engine-worker', COMPILED)) {
  process.setSourceMapsEnabled(true); // stack traces name the TypeScript sources
  await import(pathToFileURL(join(repoRoot, bundles['engine-worker'].outdir, COMPILED)).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./entry.ts');
}
