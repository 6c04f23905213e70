// Worker threads start from this plain ES module: on Node 20 a worker's entry file is loaded
// before `--import` hooks apply, so this shim loads the worker itself. While the engine-worker
// bundle (scripts/bundles.mjs) is newer than every one of its sources, it loads that: the same
// code, compiled once rather than by every worker. Otherwise it registers tsx and loads the
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
