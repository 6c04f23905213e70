import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { errorMessages, formatMessage } from '@reframe/shared';
import { ApiError } from '../../api/api-error';
import { authClient, unwrap } from '../../api/auth-client';
import { useAuth } from '../../auth/use-auth';
import { validateVerificationLink } from '../../auth/validation';

export type VerificationState =
  | { status: 'loading' }
  | { status: 'success' }
  /** The link was used before and its address is verified: nothing went wrong (issue 16). */
  | { status: 'already-verified' }
  | { status: 'error'; message: string };

/** True for the link that confirms a change of address (its token names the request type). */
export function isEmailChangeLink(code: string | null): boolean {
  try {
    const base64url = (code ?? '').split('.')[1] ?? '';
    const payload: unknown = JSON.parse(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')));
    return (
      (payload as { requestType?: unknown } | null)?.requestType === 'change-email-verification'
    );
  } catch {
    return false;
  }
}

export interface VerificationLink {
  mode: string | null;
  code: string | null;
  apiKey: string | null;
  continueUrl: string | null;
}

const invalidOrExpiredCodes = new Set([
  'VERIFICATION_LINK_INVALID_OR_EXPIRED',
  'INVALID_TOKEN',
  'TOKEN_EXPIRED',
  'USER_NOT_FOUND',
]);

/** The brief's three verification messages: invalid or expired, "Error: …", or the fallback. */
function verificationErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return errorMessages.VERIFY_EMAIL_FAILED;
  if (invalidOrExpiredCodes.has(error.code))
    return errorMessages.VERIFICATION_LINK_INVALID_OR_EXPIRED;
  if (error.code === 'INTERNAL') return errorMessages.VERIFY_EMAIL_FAILED;
  return formatMessage.verificationError(error.message);
}

const isAlreadyVerified = (error: unknown) =>
  error instanceof ApiError && error.code === 'EMAIL_ALREADY_VERIFIED';

/**
 * Reads mode, oobCode, apiKey and continueUrl and applies the code once. Success is assumed on
 * /verify-success with no query string (the brief: that is where verified users are sent back).
 */
export function useEmailVerification(): { link: VerificationLink; state: VerificationState } {
  const location = useLocation();
  const [params] = useSearchParams();
  const { refresh } = useAuth();
  const link: VerificationLink = {
    mode: params.get('mode'),
    code: params.get('oobCode'),
    apiKey: params.get('apiKey'),
    continueUrl: params.get('continueUrl'),
  };
  const assumeSuccess = location.pathname === '/verify-success' && location.search === '';
  const linkProblem = assumeSuccess ? null : validateVerificationLink(link.mode, link.code);

  // A query, not an effect: the code is applied once even when React mounts twice, and the
  // answer is kept for as long as the page is open (a code cannot be applied twice).
  const verification = useQuery({
    queryKey: ['verify-email', link.code],
    queryFn: () => unwrap(authClient.verifyEmail({ query: { token: link.code ?? '' } })),
    enabled: !assumeSuccess && linkProblem === null,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });

  const verified = verification.isSuccess;
  useEffect(() => {
    // Verifying signs the browser in (autoSignInAfterVerification): pick up the new session.
    if (verified) void refresh();
  }, [verified, refresh]);

  let state: VerificationState;
  if (assumeSuccess || verification.isSuccess) state = { status: 'success' };
  else if (linkProblem) state = { status: 'error', message: linkProblem };
  else if (isAlreadyVerified(verification.error)) state = { status: 'already-verified' };
  else if (verification.isError) {
    state = { status: 'error', message: verificationErrorMessage(verification.error) };
  } else state = { status: 'loading' };

  return { link, state };
}
