import { TEST_KEY_CALLS_PER_DAY } from '@reframe/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/types';
import { countInWindow } from '../platform/http/rate-limit';
import type { ApiKeyRow } from './api.tables';
import { RetryLaterError } from './v1-errors';

const DAY_MS = 24 * 60 * 60_000;

/** The counter of a test key's calls on the UTC day of `now`. */
function dayKey(keyId: string, now: Date): string {
  return `api-test-calls:${keyId}:${now.toISOString().slice(0, 10)}`;
}

function secondsToUtcMidnight(now: Date): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}

/**
 * Counts one expansion call of a test key; past TEST_KEY_CALLS_PER_DAY today (UTC), 429 until
 * midnight. Only POSTs count: polling an expansion and reading the account stay free, so a
 * sandbox's 50 calls are 50 expansions.
 */
export async function countTestCall(db: Kysely<DB>, key: ApiKeyRow, now: Date): Promise<void> {
  if (key.mode !== 'test') return;
  const { count } = await countInWindow(db, dayKey(key.id, now), DAY_MS, now.getTime());
  if (count > TEST_KEY_CALLS_PER_DAY) {
    throw new RetryLaterError('API_TEST_KEY_DAILY_LIMIT', 429, secondsToUtcMidnight(now));
  }
}

/** A test key's calls left today (UTC); null for a live key. */
export async function testCallsLeft(
  db: Kysely<DB>,
  key: ApiKeyRow,
  now: Date,
): Promise<number | null> {
  if (key.mode !== 'test') return null;
  const row = await db
    .selectFrom('rate_limit')
    .select('count')
    .where('key', '=', dayKey(key.id, now))
    .executeTakeFirst();
  return Math.max(0, TEST_KEY_CALLS_PER_DAY - Number(row?.count ?? 0));
}
