import { useState } from 'react';
import { errorMessages, formatMessage } from '@reframe/shared';
import { authClient, unwrap } from '../api/auth-client';
import { leaveSignedOut } from './leave-signed-out';
import { forgetPendingSignUp } from './pending-sign-up';

/**
 * Signs out and goes to the landing page (brief: after sign-out the user goes to /), or to `to`
 * (the team invitation's "switch account" comes back to the invitation, issue 26).
 */
export function useSignOut(to = '/') {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run() {
    setBusy(true);
    setError(null);
    try {
      await unwrap(authClient.signOut());
      forgetPendingSignUp();
      // Busy until the page is replaced.
      leaveSignedOut(to);
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
