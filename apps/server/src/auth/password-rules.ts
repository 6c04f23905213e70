import { readFileSync } from 'node:fs';

/**
 * A refusal of the most common passwords (common-passwords/, with its licence); the lengths are
 * in @reframe/shared, beside the forms that check them.
 */
const commonPasswords = new Set(
  readFileSync(new URL('common-passwords/passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean),
);

/** Compared as typed, ignoring case and Unicode compatibility forms. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.normalize('NFKC').toLowerCase());
}
