import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { emittedAssets } from './emitted-assets';

/** Where server-rendered pages (the test-mode checkout) find the product's font. */
const stylesheetName = 'fonts.css';
const source = fileURLToPath(new URL('../src/fonts.css', import.meta.url));
const packageUrl = /url\('@fontsource-variable\/inter\/files\/([^']+)'\)/g;

/**
 * Publishes src/fonts.css as `/fonts.css`, its faces pointing at the font files this build emits,
 * so a page the server renders (apps/server/src/billing/test-checkout.page.ts) is set in the
 * app's Inter from our own origin, without the app's whole stylesheet. The name has no hash: the
 * server links it by name, and the browser revalidates it (the faces it names are immutable).
 */
export function fontStylesheet(): Plugin {
  return {
    name: 'reframe:font-stylesheet',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      const emitted = emittedAssets(bundle);
      const css = readFileSync(source, 'utf8').replace(packageUrl, (_match, face: string) => {
        const fileName = emitted.get(face);
        if (!fileName) throw new Error(`The build did not emit ${face} (src/fonts.css)`);
        return `url('/${fileName}')`;
      });
      this.emitFile({ type: 'asset', fileName: stylesheetName, source: css });
    },
  };
}
