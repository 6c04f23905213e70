import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config/env';
import type { DB } from '../db/types';
import { AppError } from './app-error';

/**
 * Fixed-window counters kept in the database, so every instance shares them and they survive a
 * restart. Each limited action counts per client IP and per account (the email typed, or the
 * signed-in user), whichever runs out first. Password checks count failures instead (see
 * `beforePasswordCheck`), so that nobody can lock an owner out of their own account.
 */
export type LimitedAction =
  | 'sign-in'
  | 'sign-up'
  | 'resend-verification'
  | 'reset-request'
  | 'reset-password'
  | 'verify-email'
  | 'change-email'
  | 'change-password'
  | 'delete-account';

/** The actions that check a password: sign-in and every re-authentication. */
export type PasswordAction = Extract<
  LimitedAction,
  'sign-in' | 'change-password' | 'change-email' | 'delete-account'
>;

export interface PasswordCheckSubject {
  ip: string;
  /** The account whose password is tried: the email typed, or the signed-in user's id. */
  account: string;
  /** Who is trying: the client IP for sign-in, the session for a signed-in user. */
  client: string;
}

export interface RateLimiter {
  /** Counts one attempt; throws AppError TOO_MANY_REQUESTS (429) once a limit is exceeded. */
  consume(
    action: LimitedAction,
    subject: { ip: string; account?: string | undefined },
  ): Promise<void>;
  /**
   * Counts one password attempt before the password is checked. Throws TOO_MANY_REQUESTS once
   * the IP made too many attempts (maxPerIp) or this client failed too often on this account
   * (maxPerAccount). Past `slowdownAfter` failures on the account from every client together, it
   * waits `slowdownMs` and lets the attempt through: an attacker spread over many addresses is
   * slowed down, and the owner, from an address of their own, still signs in.
   */
  beforePasswordCheck(action: PasswordAction, subject: PasswordCheckSubject): Promise<void>;
  /** The password was right: the attempt counted by `beforePasswordCheck` was no failure. */
  passwordAccepted(action: PasswordAction, subject: PasswordCheckSubject): Promise<void>;
}

async function hit(db: Kysely<DB>, key: string, windowMs: number): Promise<number> {
  return (await countInWindow(db, key, windowMs)).count;
}

/**
 * Counts one more under `key` in its fixed window of `windowMs` (a new window once the last one
 * ran out), atomically on both databases; answers the count and when the window ends (ms).
 */
export async function countInWindow(
  db: Kysely<DB>,
  key: string,
  windowMs: number,
  now: number = Date.now(),
): Promise<{ count: number; resetsAt: number }> {
  const windowStart = now - windowMs;
  const row = await db
    .insertInto('rate_limit')
    .values({ key, count: 1, window_started_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        count: eb
          .case()
          .when('rate_limit.window_started_at', '<=', windowStart)
          .then(1)
          .else(eb('rate_limit.count', '+', 1))
          .end(),
        window_started_at: eb
          .case()
          .when('rate_limit.window_started_at', '<=', windowStart)
          .then(now)
          .else(eb.ref('rate_limit.window_started_at'))
          .end(),
      })),
    )
    .returning(['count', 'window_started_at'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), resetsAt: Number(row.window_started_at) + windowMs };
}

async function forgive(db: Kysely<DB>, key: string): Promise<void> {
  await db
    .updateTable('rate_limit')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute();
}

function failureKeys(action: PasswordAction, { account, client }: PasswordCheckSubject) {
  const normalized = account.toLowerCase();
  return {
    byClient: `failures:${action}:${normalized}:${client}`,
    byAccount: `failures:${action}:${normalized}`,
  };
}

export function createRateLimiter(
  db: Kysely<DB>,
  limits: Config['rateLimit'],
  log: FastifyBaseLogger,
): RateLimiter {
  const tooMany = () => new AppError('TOO_MANY_REQUESTS', 429);
  return {
    async consume(action, { ip, account }) {
      const perIp = await hit(db, `ip:${action}:${ip}`, limits.windowMs);
      const perAccount = account
        ? await hit(db, `account:${action}:${account.toLowerCase()}`, limits.windowMs)
        : 0;
      if (perIp > limits.maxPerIp || perAccount > limits.maxPerAccount) {
        throw tooMany();
      }
    },

    async beforePasswordCheck(action, subject) {
      const keys = failureKeys(action, subject);
      const perIp = await hit(db, `ip:${action}:${subject.ip}`, limits.windowMs);
      const byClient = await hit(db, keys.byClient, limits.windowMs);
      if (perIp > limits.maxPerIp || byClient > limits.maxPerAccount) throw tooMany();
      const byAccount = await hit(db, keys.byAccount, limits.windowMs);
      if (byAccount > limits.slowdownAfter) {
        log.warn(
          { action, account: subject.account, ip: subject.ip, failures: byAccount - 1 },
          `password check slowed by ${limits.slowdownMs} ms: too many failures on this account`,
        );
        await sleep(limits.slowdownMs);
      }
    },

    async passwordAccepted(action, subject) {
      const keys = failureKeys(action, subject);
      await forgive(db, keys.byClient);
      await forgive(db, keys.byAccount);
    },
  };
}
