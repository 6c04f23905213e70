/**
 * The Node programs we ship as compiled JavaScript, so that they start without compiling
 * TypeScript on the fly. esbuild bundles our own code (server, engine, shared) into ES modules;
 * every package from node_modules stays external and is loaded by Node as installed (sharp,
 * better-sqlite3, pg and the rest).
 *
 * `node scripts/bundles.mjs` builds every bundle (`npm run build` does); `scripts/run.mjs` builds
 * one only when it is missing or older than its sources, then runs it.
 *
 * The server bundle holds the engine's worker as `bootstrap.mjs` beside `main.mjs`: the worker
 * pool starts `./bootstrap.mjs` next to its own module. From the sources, that is a shim which
 * loads the `engine-worker` bundle while it is fresh, and the TypeScript worker through tsx
 * otherwise: the tests start about 200 workers from the sources, and each one compiling the
 * engine on the fly costs it 0.7 s of a core.
 */
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Each bundle: its output folder (relative to the repository), entry points by output name, and
 * the data files its code reads beside itself (`new URL(name, import.meta.url)`), by their path
 * in the output folder: in the bundle, `import.meta.url` is the bundle's own.
 */
export const bundles = {
  server: {
    outdir: 'apps/server/dist',
    entryPoints: {
      main: 'apps/server/src/main.ts',
      'migrate-cli': 'apps/server/src/platform/db/migrate-cli.ts',
      seed: 'apps/server/scripts/seed.ts',
      bootstrap: 'packages/engine/src/worker/entry.ts',
    },
    assets: {
      'common-passwords/passwords.txt': 'apps/server/src/auth/common-passwords/passwords.txt',
    },
  },
  cli: {
    outdir: 'packages/engine/dist/cli',
    entryPoints: { cli: 'packages/engine/src/cli.ts' },
    assets: {},
  },
  'engine-worker': {
    outdir: 'packages/engine/dist/worker',
    entryPoints: { entry: 'packages/engine/src/worker/entry.ts' },
    assets: {},
  },
};

/** Where a bundle records the source files it was built from, for the staleness check. */
export const INPUTS_FILE = 'inputs.json';

/** Bare imports stay external, except our own workspaces, whose exports are TypeScript. */
const externalPackages = {
  name: 'external-packages',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      path.startsWith('@reframe/') ? undefined : { path, external: true },
    );
  },
};

/**
 * Builds one bundle; returns the source files (relative to the repository) it was made of. It is
 * built in a folder of its own and then moved into place, so that a process reading the bundle
 * meanwhile finds the old one whole or none (and so sees it as stale), never half of the new one.
 */
export async function buildBundle(name) {
  const { outdir, entryPoints, assets } = bundles[name];
  const { build } = await import('esbuild'); // loaded only when something is built
  // A sibling of outdir: the source maps' relative paths hold once it is renamed.
  const building = `${outdir}.building-${process.pid}`;
  await rm(join(repoRoot, building), { recursive: true, force: true });
  const result = await build({
    absWorkingDir: repoRoot,
    entryPoints,
    outdir: building,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  for (const [target, source] of Object.entries(assets)) {
    await mkdir(dirname(join(repoRoot, building, target)), { recursive: true });
    await copyFile(join(repoRoot, source), join(repoRoot, building, target));
  }
  const inputs = [...Object.keys(result.metafile.inputs), ...Object.values(assets)];
  await writeFile(join(repoRoot, building, INPUTS_FILE), JSON.stringify(inputs));
  // No chunks of older builds; a build finishing alongside may take the place first, then again.
  for (;;) {
    await rm(join(repoRoot, outdir), { recursive: true, force: true });
    try {
      await rename(join(repoRoot, building), join(repoRoot, outdir));
      return inputs;
    } catch (error) {
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    }
  }
}

const modifiedMs = async (path) => (await stat(join(repoRoot, path))).mtimeMs;

/** Whether a bundle's `file` exists and was built after every one of the bundle's sources. */
export async function isFresh(name, file) {
  const { outdir } = bundles[name];
  try {
    const builtMs = await modifiedMs(join(outdir, INPUTS_FILE));
    await stat(join(repoRoot, outdir, file));
    const inputs = JSON.parse(await readFile(join(repoRoot, outdir, INPUTS_FILE), 'utf8'));
    const sources = ['scripts/bundles.mjs', ...inputs];
    const times = await Promise.all(sources.map(modifiedMs));
    return times.every((ms) => ms <= builtMs);
  } catch {
    return false; // never built, or a source was moved or deleted
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const name of Object.keys(bundles)) await buildBundle(name);
}
