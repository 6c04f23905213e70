/** The answer of the auth server's session check when someone is signed in (null otherwise). */
interface SessionAnswer {
  user?: unknown;
}

/**
 * Signed in or not, as the page shows it: the boxes marked `data-session` for the other state are
 * hidden, and links with a `data-signed-in-href` lead there when signed in (the app, Billing).
 */
export function showSession(scope: ParentNode, signedIn: boolean): void {
  for (const box of scope.querySelectorAll<HTMLElement>('[data-session]')) {
    box.hidden = box.dataset.session !== (signedIn ? 'signed-in' : 'signed-out');
  }
  for (const link of scope.querySelectorAll<HTMLAnchorElement>('a[data-signed-in-href]')) {
    link.dataset.signedOutHref ??= link.getAttribute('href') ?? '';
    const href = signedIn ? link.dataset.signedInHref : link.dataset.signedOutHref;
    if (href) link.setAttribute('href', href);
  }
}

/**
 * Whether someone is signed in, from the same check the app's auth client makes
 * (GET /api/auth/get-session). Pages are drawn signed out; a failed check leaves them so.
 */
export async function isSignedIn(signal: AbortSignal): Promise<boolean> {
  try {
    const response = await fetch('/api/auth/get-session', { credentials: 'same-origin', signal });
    if (!response.ok) return false;
    const answer = (await response.json()) as SessionAnswer | null;
    return Boolean(answer?.user);
  } catch {
    return false;
  }
}
