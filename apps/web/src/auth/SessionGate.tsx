import type { ReactNode } from 'react';
import { FullPageSpinner } from '../components/Spinner';
import { useAuth } from './use-auth';

/** Holds a page back until the first session check has answered, so it never shows a wrong state. */
export function SessionGate({ children }: { children: ReactNode }) {
  const { sessionChecked } = useAuth();
  return sessionChecked ? children : <FullPageSpinner />;
}
