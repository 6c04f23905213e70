import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(request: FastifyRequest): string | undefined {
  const { origin, referer } = request.headers;
  if (origin) return origin;
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}

/**
 * State-changing requests must come from our own origin (APP_URL, see config). A request without
 * Origin or Referer passes only when it carries no cookies, so it cannot ride on a user's session.
 * Every one is checked, whatever its path: the router decodes paths (`/%61pi/...` is `/api/...`),
 * so a check on the raw URL could be stepped around.
 */
export function registerOriginCheck(app: FastifyInstance, trustedOrigins: readonly string[]): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    // The public API (issue 30) authenticates by its Bearer key and never reads a cookie, so a
    // script on any origin may call it. The route matched is checked, not the raw URL.
    if (request.routeOptions.url?.startsWith('/v1/')) return done();
    const origin = originOf(request);
    const refused =
      origin === undefined ? Boolean(request.headers.cookie) : !trustedOrigins.includes(origin);
    done(refused ? new AppError('INVALID_ORIGIN', 403) : undefined);
  });
}
