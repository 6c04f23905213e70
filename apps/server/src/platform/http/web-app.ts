import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import { errorMessages, type V1Error } from '@reframe/shared';
import type { FastifyInstance } from 'fastify';

/** The landing page, prerendered by the build (apps/web/build/prerender-landing.ts): `/` only. */
const landingPage = 'landing.html';
/** The empty shell of every other page, which the app renders in the browser. */
const appShell = 'index.html';

/** The public API's paths (issue 30): its callers read JSON, never the app's pages. */
const publicApiPath = /^\/v1(?:[/?#]|$)/;

/** Vite names every file in assets/ after its content hash, so a URL there never changes. */
const hashedAssetCache = 'public, max-age=31536000, immutable';

/** Other files (index.html, icons, robots.txt) keep their URL: browsers revalidate them. */
function setCacheHeaders(assetsDir: string) {
  return (response: SetHeadersResponse, path: string) => {
    const hashed = path.startsWith(assetsDir);
    response.setHeader('cache-control', hashed ? hashedAssetCache : 'no-cache');
    // The same URL may answer brotli, gzip or identity bytes depending on the request.
    response.setHeader('vary', 'accept-encoding');
  };
}

/**
 * Serves the built web app (apps/web/dist): `/` answers the prerendered landing page, and any
 * other GET outside /api that is not a file answers the app shell (index.html), the SPA fallback.
 * Text files are sent from the `.br`/`.gz` twins the build writes, as the browser accepts.
 * Without a build (tests, API-only runs) unknown paths answer 404 JSON; unknown /v1 paths always
 * do, in the public API's error shape.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const built = existsSync(join(distDir, appShell));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed twins are served in place of their source, never under their own URL; the
      // two pages only under the paths they are for (below).
      globIgnore: ['**/*.br', '**/*.gz', '*.html'],
      cacheControl: false,
      setHeaders: setCacheHeaders(join(distDir, 'assets') + sep),
    });
    const prerendered = existsSync(join(distDir, landingPage));
    if (!prerendered) app.log.warn({ distDir }, `no ${landingPage}: / answers the app shell`);
    app.get('/', (_request, reply) => reply.sendFile(prerendered ? landingPage : appShell));
  } else {
    app.log.warn({ distDir }, 'web app not built; serving the API only (run npm run build)');
  }
  app.setNotFoundHandler((request, reply) => {
    if (publicApiPath.test(request.url)) {
      const body: V1Error = { error: { code: 'not_found', message: errorMessages.NOT_FOUND } };
      return reply.status(404).send(body);
    }
    if (built && request.method === 'GET' && !request.url.startsWith('/api/')) {
      return reply.sendFile(appShell);
    }
    return reply.status(404).send({ code: 'NOT_FOUND', message: errorMessages.NOT_FOUND });
  });
}
