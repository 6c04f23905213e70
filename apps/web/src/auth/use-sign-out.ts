import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessages, formatMessage } from '@reframe/shared';
import { authClient, unwrap } from '../api/auth-client';
import { forgetPendingSignUp } from './pending-sign-up';
import { useAuth } from './use-auth';

/** Signs out and goes to the landing page (brief: after sign-out the user goes to /). */
export function useSignOut() {
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
      await navigate('/', { replace: true, flushSync: true });
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
