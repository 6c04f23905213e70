/** The brief's processing limits (section 9): poll once a second, at most 60 polls. */
export const POLL_INTERVAL_MS = 1000;
export const MAX_POLLS = 60;
/** The brief's retry rule: at most 2 retries, 2 seconds apart. */
const MAX_RETRIES = 2;
export const RETRY_DELAY_MS = 2000;

const RETRYABLE_FRAGMENTS = ['please retry', 'interrupted', 'timeout', 'code: pa'];

/**
 * True when a start-call or failed-job error looks transient (the brief's list: "please retry",
 * "interrupted", "timeout", "code: PA"), compared case-insensitively.
 */
function isRetryableError(message: string): boolean {
  const text = message.toLowerCase();
  return RETRYABLE_FRAGMENTS.some((fragment) => text.includes(fragment));
}

/** Whether attempt number `attempt` (0 for the first call) that failed with `message` is retried. */
export function shouldRetry(message: string, attempt: number): boolean {
  return attempt < MAX_RETRIES && isRetryableError(message);
}
