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
 * pool starts `./bootstrap.mjs` next to its own module, which from the sources is the shim that
 * loads the TypeScript worker through tsx.
 */
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
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
    outdir: 'packages/engine/dist',
    entryPoints: { cli: 'packages/engine/src/cli.ts' },
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

/** Builds one bundle; returns the source files (relative to the repository) it was made of. */
export async function buildBundle(name) {
  const { outdir, entryPoints, assets } = bundles[name];
  const { build } = await import('esbuild'); // loaded only when something is built
  await rm(join(repoRoot, outdir), { recursive: true, force: true }); // no chunks of older builds
  const result = await build({
    absWorkingDir: repoRoot,
    entryPoints,
    outdir,
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
    await mkdir(dirname(join(repoRoot, outdir, target)), { recursive: true });
    await copyFile(join(repoRoot, source), join(repoRoot, outdir, target));
  }
  const inputs = [...Object.keys(result.metafile.inputs), ...Object.values(assets)];
  await writeFile(join(repoRoot, outdir, INPUTS_FILE), JSON.stringify(inputs));
  return inputs;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const name of Object.keys(bundles)) await buildBundle(name);
}
