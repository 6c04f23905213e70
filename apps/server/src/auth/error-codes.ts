import { errorMessages, type ErrorCode } from '@reframe/shared';

/**
 * better-auth answers errors as `{ code, message }` already. Where the brief's catalogue has its
 * own code for the same failure, we answer with ours so the web shows the catalogue's text.
 */
const byCode: Partial<Record<string, ErrorCode>> = {
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  PASSWORD_TOO_SHORT: 'PASSWORD_TOO_SHORT',
  INVALID_EMAIL: 'INVALID_EMAIL',
};

const byPathAndCode: Partial<Record<string, Partial<Record<string, ErrorCode>>>> = {
  '/api/auth/change-password': { INVALID_PASSWORD: 'WRONG_CURRENT_PASSWORD' },
  '/api/auth/verify-email': {
    INVALID_TOKEN: 'VERIFICATION_LINK_INVALID_OR_EXPIRED',
    TOKEN_EXPIRED: 'VERIFICATION_LINK_INVALID_OR_EXPIRED',
    USER_NOT_FOUND: 'VERIFICATION_LINK_INVALID_OR_EXPIRED',
    INVALID_USER: 'VERIFICATION_LINK_INVALID_OR_EXPIRED',
  },
  '/api/auth/reset-password': {
    INVALID_TOKEN: 'RESET_LINK_INVALID_OR_EXPIRED',
  },
};

export function translateAuthError(
  path: string,
  body: { code?: unknown; message?: unknown },
): { code: string; message: string } | null {
  if (typeof body.code !== 'string') return null;
  const ours = byPathAndCode[path]?.[body.code] ?? byCode[body.code];
  if (ours) return { code: ours, message: errorMessages[ours] };
  return { code: body.code, message: typeof body.message === 'string' ? body.message : body.code };
}
