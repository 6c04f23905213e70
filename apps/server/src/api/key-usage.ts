import { TEST_KEY_CALLS_PER_DAY, TEST_KEY_OUTPUTS_PER_CALL } from '@reframe/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/types';
import { AppError } from '../platform/http/app-error';
import { countInWindow } from '../platform/http/rate-limit';
import type { ApiKeyRow } from './api.tables';
import { RetryLaterError } from './v1-errors';

const DAY_MS = 24 * 60 * 60_000;

/**
 * The test-key sandbox's limits, per account (issue 39): its keys share one day's calls and one
 * minute's expansions, so making more keys buys nothing. The constants live in shared (schemas/api).
 */

/** The counter of an account's test calls on the UTC day of `now`. */
function dayKey(key: ApiKeyRow, now: Date): string {
  return `api-test-calls:${key.account_user_id}:${now.toISOString().slice(0, 10)}`;
}

/** The counter of an account's expansions in the current minute, all its keys together. */
export function minuteKey(key: ApiKeyRow): string {
  return `api-expansions:${key.account_user_id}`;
}

/** A test call asks for at most TEST_KEY_OUTPUTS_PER_CALL outputs; refused before anything. */
export function assertTestCallOutputs(key: ApiKeyRow, outputs: number): void {
  if (key.mode === 'test' && outputs > TEST_KEY_OUTPUTS_PER_CALL) {
    throw new AppError('API_TEST_KEY_OUTPUTS_LIMIT', 400);
  }
}

function secondsToUtcMidnight(now: Date): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}

/**
 * Counts one expansion call of a test key; past the account's TEST_KEY_CALLS_PER_DAY today
 * (UTC), 429 until midnight. Only POSTs count: polling an expansion and reading the account stay
 * free, so a sandbox's 50 calls are 50 expansions.
 */
export async function countTestCall(db: Kysely<DB>, key: ApiKeyRow, now: Date): Promise<void> {
  if (key.mode !== 'test') return;
  const { count } = await countInWindow(db, dayKey(key, now), DAY_MS, now.getTime());
  if (count > TEST_KEY_CALLS_PER_DAY) {
    throw new RetryLaterError('API_TEST_KEY_DAILY_LIMIT', 429, secondsToUtcMidnight(now));
  }
}

/** The account's test calls left today (UTC); null for a live key. */
export async function testCallsLeft(
  db: Kysely<DB>,
  key: ApiKeyRow,
  now: Date,
): Promise<number | null> {
  if (key.mode !== 'test') return null;
  const row = await db
    .selectFrom('rate_limit')
    .select('count')
    .where('key', '=', dayKey(key, now))
    .executeTakeFirst();
  return Math.max(0, TEST_KEY_CALLS_PER_DAY - Number(row?.count ?? 0));
}
