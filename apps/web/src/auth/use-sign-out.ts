import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessages, formatMessage } from '@reframe/shared';
import { authClient, unwrap } from '../api/auth-client';
import { forgetPendingSignUp } from './pending-sign-up';
import { useAuth } from './use-auth';

/**
 * Signs out and goes to the landing page (brief: after sign-out the user goes to /), or to
 * `next` with its state (the team invitation's "switch account" goes to /signin, issue 26).
 */
export function useSignOut(next: { to: string; state?: unknown } = { to: '/' }) {
  const { forgetSession } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run() {
    setBusy(true);
    setError(null);
    try {
      await unwrap(authClient.signOut());
      forgetPendingSignUp();
      // Leave the guarded page first (rendered synchronously), so its guard does not send the
      // user to /signin when the session disappears.
      await navigate(next.to, { replace: true, flushSync: true, state: next.state });
      forgetSession();
    } catch (cause) {
      setError(
        cause instanceof Error && cause.message
          ? formatMessage.signOutError(cause.message)
          : errorMessages.SIGN_OUT_FAILED,
      );
      setBusy(false);
    }
  }

  return { signOut: run, busy, error };
}
