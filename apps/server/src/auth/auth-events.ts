import type { FastifyBaseLogger } from 'fastify';

/** The authentication events written to the log, one structured line each. */
export type AuthEvent =
  | 'sign-in.succeeded'
  | 'sign-in.failed'
  | 'password-reset.requested'
  | 'password-reset.completed'
  | 'password.changed'
  | 'email.changed'
  | 'account.deleted';

/**
 * Who and where, never a secret: no password, token, link or cookie is ever a field here. The
 * email is the one typed where no account is known yet (sign-in, reset request).
 */
export interface AuthEventFields {
  userId?: string | undefined;
  email?: string | undefined;
  ip?: string | undefined;
  /** Why a sign-in failed: an error code. */
  reason?: string | undefined;
}

export function logAuthEvent(
  log: FastifyBaseLogger,
  event: AuthEvent,
  fields: AuthEventFields,
): void {
  log.info({ authEvent: event, ...fields }, `auth: ${event}`);
}
