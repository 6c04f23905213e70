import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { VerifyEmailState } from '../screens/verify-email/VerifyEmailScreen';
import type { FromState } from './from-state';
import { forgetPendingSignUp, pendingSignUp } from './pending-sign-up';
import { useAuth } from './use-auth';

/**
 * /app and below need a signed-in, verified user. Signed in but unverified, or just signed up in
 * this tab: to /verify-email. Otherwise signed out: to /signin, remembering the page.
 */
export function RequireVerifiedUser({ children }: { children: ReactNode }) {
  const { currentUser, emailVerified } = useAuth();
  const location = useLocation();
  // Once verified and signed in, the sign-up is no longer pending: a later signed-out visit
  // goes to /signin.
  useEffect(() => {
    if (currentUser && emailVerified) forgetPendingSignUp();
  }, [currentUser, emailVerified]);

  if (!currentUser) {
    const signedUp = pendingSignUp();
    if (signedUp) {
      const state: VerifyEmailState = { email: signedUp };
      return <Navigate to="/verify-email" replace state={state} />;
    }
    const state: FromState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to="/signin" replace state={state} />;
  }
  if (!emailVerified) return <Navigate to="/verify-email" replace />;
  return children;
}
