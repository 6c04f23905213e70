import { createHmac } from 'node:crypto';

/**
 * The address of a deleted account as kept: HMAC-SHA256 of the trimmed, lower-cased address,
 * keyed with the auth secret, so the table names no one and cannot be matched against a list of
 * addresses without the secret.
 */
export function addressDigest(secret: string, email: string): string {
  return createHmac('sha256', secret)
    .update(`deleted-address:${email.trim().toLowerCase()}`)
    .digest('hex');
}
