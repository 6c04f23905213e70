import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { destinationFrom } from './from-state';
import { useAuth } from './use-auth';

/** /signin and /signup: a signed-in, verified user has nothing to do there and goes on to the app. */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  if (isAuthenticated) return <Navigate to={destinationFrom(location.state)} replace />;
  return children;
}
