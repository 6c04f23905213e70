import { pendingTeamJoin } from './pending-team-join';

/** Where a guarded page sends the visitor, remembered so sign-in can return there. */
export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/**
 * Where to go once signed in: the page the guard sent us from, else the team invitation that
 * brought the visitor here (issue 26), else /app.
 */
export function destinationFrom(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (!from?.pathname?.startsWith('/')) return pendingTeamJoin() ?? '/app';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
