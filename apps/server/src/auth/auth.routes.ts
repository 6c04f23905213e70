import { fromNodeHeaders } from 'better-auth/node';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';
import type { LimitedAction, RateLimiter } from '../http/rate-limit';
import { CLIENT_IP_HEADER } from './auth';
import { claimToken, releaseToken } from './consumed-tokens.repo';
import { translateAuthError } from './error-codes';

/** Which auth endpoints are rate limited, and what counts as "the account" for each. */
const limits: Partial<
  Record<string, { action: LimitedAction; account: 'email' | 'session' | null }>
> = {
  'POST /api/auth/sign-in/email': { action: 'sign-in', account: 'email' },
  'POST /api/auth/sign-up/email': { action: 'sign-up', account: 'email' },
  'POST /api/auth/send-verification-email': { action: 'resend-verification', account: 'email' },
  'POST /api/auth/request-password-reset': { action: 'reset-request', account: 'email' },
  'POST /api/auth/reset-password': { action: 'reset-password', account: null },
  'POST /api/auth/change-password': { action: 'change-password', account: 'session' },
  'GET /api/auth/verify-email': { action: 'verify-email', account: null },
};

function emailIn(rawBody: string | undefined): string | undefined {
  if (!rawBody) return undefined;
  try {
    const body: unknown = JSON.parse(rawBody);
    return typeof body === 'object' && body && 'email' in body && typeof body.email === 'string'
      ? body.email.trim()
      : undefined;
  } catch {
    return undefined;
  }
}

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

interface AuthRoutesDeps {
  db: Kysely<DB>;
  rateLimiter: RateLimiter;
  appUrl: string;
}

/** Mounts better-auth at /api/auth/* with our rate limits and single-use verification links. */
export function authRoutes({ db, rateLimiter, appUrl }: AuthRoutesDeps) {
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
        const limit = limits[`${request.method} ${path}`];
        if (limit) {
          const account =
            limit.account === 'email'
              ? emailIn(rawBody)
              : limit.account === 'session'
                ? (await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers) }))
                    ?.user.id
                : undefined;
          await rateLimiter.consume(limit.action, { ip: request.ip, account });
        }
        const token =
          path === '/api/auth/verify-email'
            ? (request.query as { token?: unknown }).token
            : undefined;
        if (typeof token === 'string' && !(await claimToken(db, token))) {
          throw new AppError('VERIFICATION_LINK_INVALID_OR_EXPIRED', 400);
        }
        const response = await app.auth.handler(toWebRequest(request, appUrl, rawBody));
        if (typeof token === 'string' && !response.ok) await releaseToken(db, token);
        return sendWebResponse(reply, response, path);
      },
    });
  };
}
