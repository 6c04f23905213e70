/**
 * The address of a sign-up in this browser tab that waits for its verification link. Sign-up
 * starts no session (it answers alike for a new and a taken address), yet to the newcomer the
 * account exists: /app then sends them back to /verify-email rather than to /signin.
 */
const key = 'reframe:pending-sign-up';

export function rememberPendingSignUp(email: string): void {
  sessionStorage.setItem(key, email);
}

export function pendingSignUp(): string | null {
  return sessionStorage.getItem(key);
}

export function forgetPendingSignUp(): void {
  sessionStorage.removeItem(key);
}
