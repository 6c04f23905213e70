import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessages, formatMessage } from '@reframe/shared';
import { useAuth } from './use-auth';

/** Signs out and goes to the landing page (brief: after sign-out the user goes to /). */
export function useSignOut() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run() {
    setBusy(true);
    setError(null);
    try {
      await signOut();
      await navigate('/', { replace: true });
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
