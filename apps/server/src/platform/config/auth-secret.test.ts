import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveAuthSecret } from './auth-secret';

describe('resolveAuthSecret', () => {
  const dir = mkdtempSync(join(tmpdir(), 'reframe-secret-'));
  afterEach(() => rmSync(join(dir, 'data'), { recursive: true, force: true }));

  it('uses AUTH_SECRET when it is set', () => {
    const secret = 's'.repeat(40);
    expect(resolveAuthSecret({ secret, secretFile: join(dir, 'data', 'auth-secret') })).toBe(
      secret,
    );
  });

  it('generates a secret once and keeps it in the data folder', () => {
    const secretFile = join(dir, 'data', 'auth-secret');
    const first = resolveAuthSecret({ secret: undefined, secretFile });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(secretFile, 'utf8').trim()).toBe(first);
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret({ secret: undefined, secretFile })).toBe(first);
  });
});
