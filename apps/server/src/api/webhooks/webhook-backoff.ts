import { WEBHOOK_RETRY_WINDOW_HOURS } from '@reframe/shared';

/** Waits after the 1st, 2nd, … failed attempt; past the list, its last wait repeats. */
const BACKOFF_MS = [30, 120, 600, 1800, 3600, 7200, 14_400].map((seconds) => seconds * 1000);

const WINDOW_MS = WEBHOOK_RETRY_WINDOW_HOURS * 60 * 60_000;

/**
 * When to try again after `failedAttempts` failures, the first of them at `firstAttemptAt`: the
 * backoff's wait, but never past the end of the retry window, whose last attempt is at its very
 * end; null once that window is over (the delivery gives up).
 */
export function nextAttemptAt(
  firstAttemptAt: Date,
  failedAttempts: number,
  now: Date,
): Date | null {
  const windowEnd = retryWindowEnd(firstAttemptAt).getTime();
  if (now.getTime() >= windowEnd) return null;
  const wait = BACKOFF_MS[Math.min(failedAttempts, BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0]!;
  return new Date(Math.min(now.getTime() + wait, windowEnd));
}

/** When a delivery's last attempt is due: the end of its retry window. */
export function retryWindowEnd(firstAttemptAt: Date): Date {
  return new Date(firstAttemptAt.getTime() + WINDOW_MS);
}
