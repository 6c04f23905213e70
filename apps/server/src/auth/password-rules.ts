import { readFileSync } from 'node:fs';

/**
 * The brief's minimum ("Password must be at least 6 characters", brief section 9) and maximum,
 * and a refusal of the most common passwords (common-passwords/, with its licence).
 */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;

const commonPasswords = new Set(
  readFileSync(new URL('common-passwords/passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean),
);

/** Compared as typed, ignoring case and Unicode compatibility forms. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.normalize('NFKC').toLowerCase());
}
