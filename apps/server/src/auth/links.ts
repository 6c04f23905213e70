/** The links placed in emails; the web app's screens handle these paths. */

export function verificationLink(appUrl: string, token: string): string {
  const continueUrl = encodeURIComponent(`${appUrl}/verify-success`);
  return `${appUrl}/__/auth/action?mode=verifyEmail&oobCode=${token}&continueUrl=${continueUrl}`;
}

export function resetPasswordLink(appUrl: string, token: string): string {
  return `${appUrl}/forgot-password?token=${token}`;
}

export function signInLink(appUrl: string): string {
  return `${appUrl}/signin`;
}

export function forgotPasswordLink(appUrl: string): string {
  return `${appUrl}/forgot-password`;
}

/** The invitation link of a team invitation mail (issue 26). */
export function teamJoinLink(appUrl: string, token: string): string {
  return `${appUrl}/team/join?token=${token}`;
}
