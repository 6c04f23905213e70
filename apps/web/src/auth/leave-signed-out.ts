/**
 * Once the server has ended the session (signed out, account deleted): a fresh load of `to`,
 * which replaces the app's page in history. Nothing cached for the user survives in memory, and
 * the guard of the page being left never sees the session disappear, which would send the user to
 * /signin before a lazily loaded destination (the landing page) had rendered.
 */
export function leaveSignedOut(to = '/'): void {
  window.location.replace(to);
}
