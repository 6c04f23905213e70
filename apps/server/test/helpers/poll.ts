import { setTimeout as sleep } from 'node:timers/promises';
import { inspect } from 'node:util';

interface PollOptions {
  /** What is awaited, for the error on time-out: `prediction ${id} to settle`. */
  what: string;
  /** How long to keep asking: a deadline for a loaded machine, never a measured time. */
  timeoutMs: number;
  /** The pause between two asks. */
  intervalMs: number;
}

/** A probe's answer while what it looks for has not happened yet. */
type NotYet = undefined | false;

const isAnswer = (answer: unknown) => answer !== undefined && answer !== false;

/**
 * Asks `probe` at once, then every `intervalMs`, until it answers, and resolves with the answer.
 * It has answered when `until` holds for it or, without `until`, when it is neither `undefined`
 * nor `false`. After `timeoutMs` it throws an error that names `what` and the last answer. An
 * error the probe throws (a failed `expect`) ends the wait at once.
 */
export function waitFor<T>(
  probe: () => Promise<T> | T,
  options: PollOptions & { until: (answer: T) => boolean },
): Promise<T>;
export function waitFor<T>(
  probe: () => Promise<T | NotYet> | T | NotYet,
  options: PollOptions,
): Promise<T>;
export async function waitFor<T>(
  probe: () => Promise<T | NotYet> | T | NotYet,
  options: PollOptions & { until?: (answer: T | NotYet) => boolean },
): Promise<T> {
  const { what, timeoutMs, intervalMs, until = isAnswer } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await probe();
    if (until(answer)) return answer as T;
    if (Date.now() >= deadline) {
      const last = inspect(answer, { depth: 4, breakLength: Infinity });
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last answer: ${last}`);
    }
    await sleep(intervalMs);
  }
}
