import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts are already compressed. */
const compressible = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);
/** Below this size the headers cost more than the bytes saved. */
const minBytes = 1024;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

async function precompressFile(file: string): Promise<void> {
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A variant that is not smaller would only waste the server's time.
  if (br.length < source.length) await writeFile(`${file}.br`, br);
  if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
}

/**
 * Writes a `.br` and a `.gz` beside every text file of the build (JS, CSS, HTML, SVG...), so the
 * server sends compressed bytes without compressing on each request (@fastify/static
 * `preCompressed`). Runs once the whole output, public files included, is on disk.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'reframe:precompress',
    apply: 'build',
    // Only what the server sends: not the prerender's own build (build/prerender-landing.ts).
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await listFiles(outDir);
      const targets = [];
      for (const file of files) {
        if (!compressible.has(extname(file))) continue;
        if ((await stat(file)).size >= minBytes) targets.push(file);
      }
      await Promise.all(targets.map(precompressFile));
    },
  };
}
