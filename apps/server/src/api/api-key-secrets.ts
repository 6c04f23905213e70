import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIXES, type ApiKeyMode } from '@reframe/shared';

/** Characters of a key shown in Settings to tell keys apart, e.g. "rf_live_3kQ9". */
const SHOWN_PREFIX_LENGTH = 12;

/** A new key: its mode's prefix, then 32 random bytes in base64url. */
export function newKeySecret(mode: ApiKeyMode): { secret: string; prefix: string; hash: string } {
  const secret = `${API_KEY_PREFIXES[mode]}${randomBytes(32).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, SHOWN_PREFIX_LENGTH), hash: hashKeySecret(secret) };
}

/**
 * What is stored and looked up: the SHA-256 of the whole key. The lookup is by an index on the
 * hash, so no comparison of the secret itself leaks its characters through timing.
 */
export function hashKeySecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

const KEY_PATTERN = /^rf_(live|test)_[A-Za-z0-9_-]{43}$/;

/** The key of an `Authorization: Bearer rf_…` header, or null when it is missing or malformed. */
export function bearerKey(header: string | undefined): string | null {
  const match = /^Bearer (\S+)$/.exec(header ?? '');
  const key = match?.[1];
  return key && KEY_PATTERN.test(key) ? key : null;
}
