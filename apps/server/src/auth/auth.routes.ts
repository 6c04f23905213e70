import { fromNodeHeaders } from 'better-auth/node';
import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/types';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../platform/http/app-error';
import { CLIENT_IP_HEADER } from './auth-hooks';
import { claimToken, releaseToken } from './consumed-tokens.repo';
import { translateAuthError } from './error-codes';
import { isVerifiedAddress } from './users.repo';

function toWebRequest(request: FastifyRequest, appUrl: string, rawBody: string | undefined) {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && rawBody !== undefined;
  return new Request(new URL(request.url, appUrl), {
    method: request.method,
    headers,
    ...(hasBody ? { body: rawBody } : {}),
  });
}

async function sendWebResponse(reply: FastifyReply, response: Response, path: string) {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') void reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) void reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status >= 400 && response.headers.get('content-type')?.includes('json')) {
    const translated = translateAuthError(path, JSON.parse(text) as Record<string, unknown>);
    if (translated) return reply.send(translated);
  }
  return reply.send(text);
}

/**
 * The address in a verification link's payload. Only a link that was used successfully stays
 * claimed (a failed use releases it), so its signature was checked then.
 */
function emailOfUsedToken(token: string): string | null {
  try {
    const payload: unknown = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    );
    const email = (payload as { email?: unknown } | null)?.email;
    return typeof email === 'string' ? email : null;
  } catch {
    return null;
  }
}

/**
 * Whether better-auth used a verification link: it answered 2xx, or its redirect form redirected
 * to the `callbackURL` itself. A failure there redirects with an `error` parameter added, and
 * gives the link back like any other failure.
 */
function linkUsed(response: Response, query: unknown): boolean {
  if (response.ok) return true;
  const callbackURL = (query as { callbackURL?: unknown }).callbackURL;
  const redirected = response.status >= 300 && response.status < 400;
  return (
    redirected &&
    typeof callbackURL === 'string' &&
    response.headers.get('location') === callbackURL
  );
}

interface AuthRoutesDeps {
  db: Kysely<DB>;
  appUrl: string;
}

/**
 * Mounts better-auth at /api/auth/* with single-use verification links. Its hooks (auth-hooks.ts)
 * apply our rate limits and password rules to the body it parses.
 */
export function authRoutes({ db, appUrl }: AuthRoutesDeps) {
  return function register(app: FastifyInstance) {
    // Hand better-auth the body exactly as sent.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );

    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      handler: async (request, reply) => {
        const path = new URL(request.url, appUrl).pathname;
        const rawBody = typeof request.body === 'string' ? request.body : undefined;
        const token =
          path === '/api/auth/verify-email'
            ? (request.query as { token?: unknown }).token
            : undefined;
        if (typeof token === 'string' && !(await claimToken(db, token))) {
          // A link opened twice: say so when the address it verified is verified (issue 16).
          const email = emailOfUsedToken(token);
          if (email && (await isVerifiedAddress(db, email))) {
            throw new AppError('EMAIL_ALREADY_VERIFIED', 409);
          }
          throw new AppError('VERIFICATION_LINK_INVALID_OR_EXPIRED', 400);
        }
        const response = await app.auth.handler(toWebRequest(request, appUrl, rawBody));
        if (typeof token === 'string' && !linkUsed(response, request.query)) {
          await releaseToken(db, token);
        }
        return sendWebResponse(reply, response, path);
      },
    });
  };
}
