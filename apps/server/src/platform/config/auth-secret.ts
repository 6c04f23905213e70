import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Config } from './env';

/**
 * AUTH_SECRET when set (always in production). Otherwise a secret generated once and kept in
 * DATA_DIR/auth-secret, so sessions and email links survive restarts of a dev machine.
 */
export function resolveAuthSecret({
  secret,
  secretFile,
}: Pick<Config['auth'], 'secret' | 'secretFile'>): string {
  if (secret) return secret;
  try {
    const stored = readFileSync(secretFile, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const generated = randomBytes(32).toString('base64url');
  mkdirSync(dirname(secretFile), { recursive: true, mode: 0o700 });
  writeFileSync(secretFile, `${generated}\n`, { mode: 0o600 });
  return generated;
}
