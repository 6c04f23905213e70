import { errorMessages, type ErrorCode } from '@reframe/shared';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../platform/http/app-error';
import type {
  LimitedAction,
  PasswordAction,
  PasswordCheckSubject,
  RateLimiter,
} from '../platform/http/rate-limit';
import { logAuthEvent } from './auth-events';
import { isCommonPassword } from './password-rules';

/** The header through which the Fastify route passes the client IP it computed (TRUST_PROXY). */
export const CLIENT_IP_HEADER = 'x-reframe-client-ip';

type AuthContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Which field of which endpoint's body carries a new password. */
const newPasswordFields: Partial<Record<string, string>> = {
  '/sign-up/email': 'password',
  '/change-password': 'newPassword',
  '/reset-password': 'newPassword',
};

/** Endpoints limited per IP, and per account where the body names one (the email typed). */
const limits: Partial<Record<string, { action: LimitedAction; byEmail: boolean }>> = {
  '/sign-up/email': { action: 'sign-up', byEmail: true },
  '/send-verification-email': { action: 'resend-verification', byEmail: true },
  '/request-password-reset': { action: 'reset-request', byEmail: true },
  '/reset-password': { action: 'reset-password', byEmail: false },
  '/verify-email': { action: 'verify-email', byEmail: false },
};

/** Endpoints that check a password over HTTP, throttled by failures (platform/http/rate-limit.ts). */
const passwordChecks: Partial<Record<string, PasswordAction>> = {
  '/sign-in/email': 'sign-in',
  '/change-password': 'change-password',
};

/**
 * better-auth endpoints that are not ours to offer over HTTP. Its change-email only asks for a
 * session (ours, /api/account/change-email, checks the current password first and calls it through
 * auth.api); verify-password would be a password oracle beside the throttled sign-in.
 */
const serverOnly = new Set(['/change-email', '/verify-password']);

function field(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null || !(name in body)) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

function apiError(code: ErrorCode, status: 'BAD_REQUEST' | 'TOO_MANY_REQUESTS' | 'NOT_FOUND') {
  return APIError.from(status, { code, message: errorMessages[code] });
}

/** Our limiter throws AppError; better-auth answers only its own APIError. */
async function asApiError(run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') {
      throw apiError('TOO_MANY_REQUESTS', 'TOO_MANY_REQUESTS');
    }
    throw error;
  }
}

function clientIp(ctx: AuthContext): string {
  return ctx.request?.headers.get(CLIENT_IP_HEADER) ?? 'unknown';
}

/**
 * The password attempt of one request: for sign-in the account is the email better-auth parsed
 * from the body (whatever its encoding or content type) and the client is the IP; for a
 * signed-in user, the user and the session.
 */
async function passwordSubject(
  ctx: AuthContext,
  action: PasswordAction,
): Promise<PasswordCheckSubject | undefined> {
  const ip = clientIp(ctx);
  if (action === 'sign-in') {
    const email = field(ctx.body, 'email')?.trim();
    return email ? { ip, account: email, client: `ip:${ip}` } : undefined;
  }
  const session = await getSessionFromCtx(ctx);
  return session
    ? { ip, account: session.user.id, client: `session:${session.session.id}` }
    : undefined;
}

function signedInUserId(returned: unknown): string | undefined {
  if (typeof returned !== 'object' || returned === null || !('user' in returned)) return undefined;
  const { user } = returned;
  return typeof user === 'object' && user !== null && 'id' in user ? String(user.id) : undefined;
}

/**
 * better-auth's before and after hooks: password rules, rate limits and the throttle of password
 * checks (all from the body better-auth parsed, so no encoding can dodge them), and the log of
 * authentication events.
 */
export function createAuthHooks({
  rateLimiter,
  log,
}: {
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
}) {
  // The password attempt a request made, from its before hook to its after hook.
  const attempts = new WeakMap<Request, PasswordCheckSubject>();

  const before = createAuthMiddleware(async (ctx) => {
    if (ctx.request && serverOnly.has(ctx.path)) {
      throw APIError.from('NOT_FOUND', { code: 'NOT_FOUND', message: 'Not found' });
    }
    const passwordField = newPasswordFields[ctx.path];
    const newPassword = passwordField ? field(ctx.body, passwordField) : undefined;
    if (newPassword !== undefined && isCommonPassword(newPassword)) {
      throw apiError('PASSWORD_TOO_COMMON', 'BAD_REQUEST');
    }
    // Changing the password always ends the other sessions, whatever the client asks.
    // (The endpoint reads this same body object.)
    if (ctx.path === '/change-password' && ctx.body && typeof ctx.body === 'object') {
      (ctx.body as Record<string, unknown>).revokeOtherSessions = true;
    }
    if (!ctx.request) return;
    const request = ctx.request;
    const limit = limits[ctx.path];
    if (limit) {
      const account = limit.byEmail ? field(ctx.body, 'email')?.trim() : undefined;
      await asApiError(() =>
        rateLimiter.consume(limit.action, { ip: clientIp(ctx), account: account || undefined }),
      );
    }
    const passwordAction = passwordChecks[ctx.path];
    const subject = passwordAction && (await passwordSubject(ctx, passwordAction));
    if (passwordAction && subject) {
      try {
        await asApiError(() => rateLimiter.beforePasswordCheck(passwordAction, subject));
      } catch (error) {
        if (passwordAction === 'sign-in') {
          logAuthEvent(log, 'sign-in.failed', {
            email: subject.account,
            ip: subject.ip,
            reason: 'TOO_MANY_REQUESTS',
          });
        }
        throw error;
      }
      attempts.set(request, subject);
    }
  });

  const after = createAuthMiddleware(async (ctx) => {
    const { returned } = ctx.context;
    const failed = isAPIError(returned);
    const subject = ctx.request ? attempts.get(ctx.request) : undefined;
    const passwordAction = passwordChecks[ctx.path];
    if (passwordAction && subject && !failed) {
      await rateLimiter.passwordAccepted(passwordAction, subject);
    }
    const ip = ctx.request ? clientIp(ctx) : undefined;
    if (ctx.path === '/sign-in/email') {
      const email = field(ctx.body, 'email')?.trim();
      if (failed) logAuthEvent(log, 'sign-in.failed', { email, ip, reason: returned.body?.code });
      else logAuthEvent(log, 'sign-in.succeeded', { userId: signedInUserId(returned), ip });
    } else if (ctx.path === '/request-password-reset' && !failed) {
      logAuthEvent(log, 'password-reset.requested', { email: field(ctx.body, 'email'), ip });
    } else if (ctx.path === '/change-password' && !failed) {
      logAuthEvent(log, 'password.changed', { userId: signedInUserId(returned), ip });
    }
  });

  return { before, after };
}
