import type { Kysely } from 'kysely';
import type { Config } from '../config/env';
import type { DB } from '../db/types';
import { AppError } from './app-error';

/**
 * Fixed-window counters kept in the database, so every instance shares them and they survive a
 * restart. Each limited action counts per client IP and per account (the email typed, or the
 * signed-in user), whichever runs out first.
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

export interface RateLimiter {
  /** Counts one attempt; throws AppError TOO_MANY_REQUESTS (429) once a limit is exceeded. */
  consume(
    action: LimitedAction,
    subject: { ip: string; account?: string | undefined },
  ): Promise<void>;
}

async function hit(db: Kysely<DB>, key: string, windowMs: number): Promise<number> {
  const now = Date.now();
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
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function createRateLimiter(db: Kysely<DB>, limits: Config['rateLimit']): RateLimiter {
  return {
    async consume(action, { ip, account }) {
      const perIp = await hit(db, `ip:${action}:${ip}`, limits.windowMs);
      const perAccount = account
        ? await hit(db, `account:${action}:${account.toLowerCase()}`, limits.windowMs)
        : 0;
      if (perIp > limits.maxPerIp || perAccount > limits.maxPerAccount) {
        throw new AppError('TOO_MANY_REQUESTS', 429);
      }
    },
  };
}
