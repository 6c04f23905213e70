import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from './use-auth';

/** Where a guarded page sends the visitor, remembered so sign-in can return there. */
export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/**
 * /app and below need a signed-in, verified user. Signed out: to /signin, remembering the page.
 * Signed in but unverified: to /verify-email.
 */
export function RequireVerifiedUser({ children }: { children: ReactNode }) {
  const { currentUser, emailVerified } = useAuth();
  const location = useLocation();

  if (!currentUser) {
    const state: FromState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to="/signin" replace state={state} />;
  }
  if (!emailVerified) return <Navigate to="/verify-email" replace />;
  return children;
}
