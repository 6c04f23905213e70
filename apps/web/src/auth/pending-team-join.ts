/**
 * The invitation a signed-out visitor opened (/team/join?token=…), kept while they sign up, verify
 * in another tab or sign in, so that they come back to it. Only the token is kept: the way back
 * is always this app's join page, never an address from storage.
 */
const key = 'reframe:pending-team-join';

export function teamJoinQuery(token: string): string {
  return new URLSearchParams({ token }).toString();
}

function teamJoinPath(token: string): string {
  return `/team/join?${teamJoinQuery(token)}`;
}

export function rememberTeamJoin(token: string): void {
  localStorage.setItem(key, token);
}

/** The join page of the remembered invitation, or null. */
export function pendingTeamJoin(): string | null {
  const token = localStorage.getItem(key);
  return token ? teamJoinPath(token) : null;
}

export function forgetTeamJoin(): void {
  localStorage.removeItem(key);
}
