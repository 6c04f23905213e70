import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin, Rollup } from 'vite';
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
function checkAssetUrls(html: string, bundle: Rollup.OutputBundle): void {
  for (const [url] of html.matchAll(/\/assets\/[^\s"'(),]+/g)) {
    if (!(url.slice(1) in bundle)) {
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
 * The shell starts the app: its entry script and a modulepreload of each chunk that imports. The
 * landing page runs landing-entry.ts instead, a second entry of the build (islands, no React):
 * the same lines, for its chunk and the chunks it imports.
 */
function landingScripts(html: string, bundle: Rollup.OutputBundle): string {
  const app = entryChunk(bundle, shellHtml);
  const landing = entryChunk(bundle, landingEntry);
  const scriptTag = (fileName: string) =>
    `<script type="module" crossorigin src="/${fileName}"></script>`;
  const preloadTag = (fileName: string) =>
    `<link rel="modulepreload" crossorigin href="/${fileName}">`;
  const page = withoutLines(html, [scriptTag(app.fileName), ...app.imports.map(preloadTag)]);
  const tags = [scriptTag(landing.fileName), ...landing.imports.map(preloadTag)];
  return page.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
}

/**
 * Prerenders `/` at build time. `vite build` builds src/prerender.tsx for Node first (the `ssr`
 * environment), then the app and landing-entry.ts; once the app's index.html exists, the landing
 * page's static markup is rendered into its #root and written as landing.html, with a preload of
 * the hero image and landing-entry.ts as its script. The first paint needs only the HTML, the
 * stylesheet and the hero image, and the page never loads the app's JavaScript (issue 41).
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
        client: {
          build: { rolldownOptions: { input: { index: shellHtml, landing: landingEntry } } },
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
      const html = landingScripts(shell, bundle)
        .replace(emptyRoot, `<div id="root">${markup}</div>`)
        .replace('</head>', `  ${heroPreloadLink(emittedAssets(bundle))}\n  </head>`);
      checkAssetUrls(html, bundle);
      this.emitFile({ type: 'asset', fileName: landingFileName, source: html });
    },
  };
}
