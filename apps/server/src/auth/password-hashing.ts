import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { Config } from '../platform/config/env';

/** The config names the cost (platform/config/production-rules.ts); this module owns its values. */
type PasswordCost = Config['auth']['passwordCost'];

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * Password hashing with scrypt. Format: scrypt$N$r$p$salt$key; a hash is verified at the cost
 * written in it.
 */
const PASSWORD_COSTS = {
  /**
   * One of OWASP's listed minimums (Password Storage Cheat Sheet: "N=2^15 (32 MiB), r=8 (1024
   * bytes), p=3"). better-auth's default (N=2^14, r=16, p=1) does less work than any of OWASP's
   * settings, so we configure it explicitly.
   */
  owasp: { N: 2 ** 15, r: 8, p: 3 },
  /**
   * The tests' cost, as Devise and Django lower theirs: one `npm test` hashes about 800 passwords
   * in its integration suites alone, each 0.3 s of a core at OWASP's cost. The config chooses it
   * only for NODE_ENV=test with APP_URL on this machine (platform/config/production-rules.ts).
   */
  test: { N: 2 ** 10, r: 8, p: 1 },
} as const satisfies Record<PasswordCost, ScryptParams>;
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, params: ScryptParams) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...params, maxmem: 256 * params.N * params.r },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string, cost: PasswordCost): Promise<string> {
  const params = PASSWORD_COSTS[cost];
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('hex'), key.toString('hex')].join(
    '$',
  );
}

export async function verifyPassword({
  hash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = hash.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'hex');
  const actual = await derive(password, Buffer.from(salt, 'hex'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
