import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hashing';

describe('password hashing', () => {
  it('stores scrypt with OWASP parameters and a random salt', async () => {
    const first = await hashPassword('correct horse', 'owasp');
    const second = await hashPassword('correct horse', 'owasp');
    expect(first).toMatch(/^scrypt\$32768\$8\$3\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
    expect(first).not.toBe(second);
  });

  it('accepts the right password and rejects a wrong or malformed one', async () => {
    const hash = await hashPassword('correct horse', 'owasp');
    expect(await verifyPassword({ hash, password: 'correct horse' })).toBe(true);
    expect(await verifyPassword({ hash, password: 'wrong horse' })).toBe(false);
    expect(await verifyPassword({ hash: 'not-a-hash', password: 'correct horse' })).toBe(false);
  });

  it("verifies a hash at the cost written in it, the tests' as OWASP's", async () => {
    const hash = await hashPassword('correct horse', 'test');
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash, password: 'correct horse' })).toBe(true);
    expect(await verifyPassword({ hash, password: 'wrong horse' })).toBe(false);
  });
});
