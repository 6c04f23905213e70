import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../platform/http/app-error';
import type { Auth } from './auth';

type SessionResult = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;
export type SessionUser = SessionResult['user'];

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
  interface FastifyRequest {
    /** Set by requireSession / requireVerifiedUser. */
    user: SessionUser | null;
    /** The id of the session that signed the request in, set with `user`. */
    sessionId: string | null;
  }
}

async function loadUser(request: FastifyRequest): Promise<SessionUser> {
  const session = await request.server.auth.api.getSession({
    headers: fromNodeHeaders(request.headers),
  });
  if (!session) throw new AppError('UNAUTHENTICATED', 401);
  request.sessionId = session.session.id;
  return session.user;
}

/** preHandler: any signed-in session, verified or not; sets request.user, else 401. */
export async function requireSession(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  request.user = await loadUser(request);
}

/**
 * preHandler for /app APIs: "authenticated" in the brief's sense, signed in AND email verified.
 * Sets request.user; 401 UNAUTHENTICATED without a session, 403 EMAIL_NOT_VERIFIED before verifying.
 */
export async function requireVerifiedUser(
  request: FastifyRequest,
  _reply: FastifyReply,
): Promise<void> {
  const user = await loadUser(request);
  if (!user.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED', 403);
  request.user = user;
}

/** Who is re-typing a password on a guarded route: the address and the session (rate-limit.ts). */
export function passwordCheckClient(request: FastifyRequest): { ip: string; client: string } {
  if (!request.sessionId) throw new Error(`${request.url} has no session guard`);
  return { ip: request.ip, client: `session:${request.sessionId}` };
}

/** The user set by a guard; throws if a route forgot its guard. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new Error(`${request.url} has no session guard`);
  return request.user;
}
