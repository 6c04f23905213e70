import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { minify, transformWithOxc, type Plugin, type Rollup } from 'vite';
import { emittedAssets } from './emitted-assets';
import { heroPreloadLink } from './preload-hero';

/** Where the server build of src/prerender.tsx goes: used during the build, never served. */
const prerenderOutDir = fileURLToPath(new URL('../node_modules/.prerender', import.meta.url));
const prerenderEntry = 'prerender.js';

/** The landing page's HTML, which the server sends for `/` only (apps/server/src/platform/http/web-app.ts). */
const landingFileName = 'landing.html';

const emptyRoot = '<div id="root"></div>';

const source = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
/** The app shell: every page but `/` gets it, and landing.html starts from it. */
const shellHtml = source('index.html');
const landingEntry = source('src/landing-entry.ts');

function assetOf(bundle: Rollup.OutputBundle, fileName: string): Rollup.OutputAsset {
  const output = bundle[fileName];
  if (output?.type !== 'asset') throw new Error(`The build has no ${fileName}`);
  return output;
}

/** Every /assets/ URL the prerendered page names must be a file of this build. */
function checkAssetUrls(html: string, bundle: Rollup.OutputBundle, emitted: string): void {
  for (const [url] of html.matchAll(/\/assets\/[^\s"'(),]+/g)) {
    if (!(url.slice(1) in bundle) && url.slice(1) !== emitted) {
      throw new Error(`The prerendered landing page names ${url}, which the build did not emit`);
    }
  }
}

function entryChunk(bundle: Rollup.OutputBundle, source: string): Rollup.OutputChunk {
  const chunk = Object.values(bundle).find(
    (output) => output.type === 'chunk' && output.isEntry && output.facadeModuleId === source,
  );
  if (chunk?.type !== 'chunk') throw new Error(`The build has no entry chunk for ${source}`);
  return chunk;
}

/** The lines of `html` other than `tags`, each of which must be one of its lines. */
function withoutLines(html: string, tags: string[]): string {
  const lines = html.split('\n');
  for (const tag of tags) {
    if (!lines.some((line) => line.trim() === tag)) throw new Error(`index.html has no ${tag}`);
  }
  return lines.filter((line) => !tags.includes(line.trim())).join('\n');
}

/**
 * landing-entry.ts, compiled on its own (not bundled, so it must import nothing): a separate entry
 * chunk would change how the app's modules are split into chunks.
 */
async function compileLandingEntry(): Promise<string> {
  const { code } = await transformWithOxc(await readFile(landingEntry, 'utf8'), landingEntry);
  if (/^\s*import[\s{*'"]/m.test(code)) throw new Error('landing-entry.ts must import nothing');
  return (await minify(landingEntry, code, { compress: true, mangle: true })).code;
}

/**
 * The shell starts the app at once: its entry script and a modulepreload of each chunk that
 * imports. The landing page runs landing-entry.ts instead, which is told the same modules and
 * fetches them after the first paint.
 */
function landingScripts(html: string, bundle: Rollup.OutputBundle, landingSrc: string): string {
  const app = entryChunk(bundle, shellHtml);
  const modules = [app.fileName, ...app.imports].map((fileName) => `/${fileName}`);
  const page = withoutLines(html, [
    `<script type="module" crossorigin src="/${app.fileName}"></script>`,
    ...app.imports.map((fileName) => `<link rel="modulepreload" crossorigin href="/${fileName}">`),
  ]);
  const script = `<script type="module" crossorigin src="/${landingSrc}" data-app-modules="${modules.join(' ')}"></script>`;
  return page.replace('</head>', `  ${script}\n  </head>`);
}

/**
 * Prerenders `/` at build time. `vite build` builds src/prerender.tsx for Node first (the `ssr`
 * environment), then the app; once the app's index.html exists, the landing page's markup is
 * rendered into its #root and written as landing.html, with a preload of the hero image and
 * landing-entry.ts as its script. The first paint then needs only the HTML, the stylesheet and
 * the hero image; the app's JavaScript is fetched after it and hydrates the page.
 */
export function prerenderLanding(): Plugin {
  return {
    name: 'reframe:prerender-landing',
    apply: 'build',
    enforce: 'post',
    config: () => ({
      builder: {},
      environments: {
        ssr: {
          build: {
            outDir: prerenderOutDir,
            emptyOutDir: true,
            copyPublicDir: false,
            sourcemap: false,
            rolldownOptions: {
              input: source('src/prerender.tsx'),
              output: { entryFileNames: prerenderEntry },
            },
          },
        },
      },
    }),
    buildApp: async (builder) => {
      const { ssr, client } = builder.environments;
      if (!ssr || !client) throw new Error('The build needs its client and ssr environments');
      await builder.build(ssr);
      await builder.build(client);
    },
    async generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      const shell = String(assetOf(bundle, 'index.html').source);
      if (shell.split(emptyRoot).length !== 2) throw new Error(`index.html needs one ${emptyRoot}`);
      // A fresh URL per build: Node caches modules by URL, and `vite build --watch` builds again.
      const entry = `${pathToFileURL(`${prerenderOutDir}/${prerenderEntry}`).href}?build=${Date.now()}`;
      const { renderLanding } = (await import(entry)) as { renderLanding: () => string };
      const markup = renderLanding();
      const landingSrc = this.getFileName(
        this.emitFile({
          type: 'asset',
          name: 'landing-entry.js',
          source: await compileLandingEntry(),
        }),
      );
      const html = landingScripts(shell, bundle, landingSrc)
        .replace(emptyRoot, `<div id="root">${markup}</div>`)
        .replace('</head>', `  ${heroPreloadLink(emittedAssets(bundle))}\n  </head>`);
      checkAssetUrls(html, bundle, landingSrc);
      this.emitFile({ type: 'asset', fileName: landingFileName, source: html });
    },
  };
}
