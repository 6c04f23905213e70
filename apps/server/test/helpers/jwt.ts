import { createHmac } from 'node:crypto';

export const TEST_AUTH_SECRET = 'integration-test-secret-0123456789abcdef';

/** An HS256 JWT like better-auth's email-verification tokens, signed with any secret. */
export function signEmailToken(
  payload: Record<string, unknown>,
  { secret = TEST_AUTH_SECRET, expiresInSeconds = 3600 } = {},
): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${encode({ alg: 'HS256' })}.${encode({ ...payload, iat: now, exp: now + expiresInSeconds })}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}
