import type { RatioSubmission } from '@reframe/shared';

export interface SubmitRatiosDeps {
  /** Runs one ratio to its end, result or error; it does not reject. */
  run(ratio: string): Promise<void>;
  /** A ratio started one by one shows as processing from the moment it starts. */
  onStart(ratio: string): void;
  sleep(ms: number): Promise<void>;
  /** A new upload or leaving the screen: start nothing more. */
  cancelled(): boolean;
}

/**
 * Runs the selected ratios as the provider takes them: all at once, with never more in flight
 * than the user may have queued or running on the server (the rest start as those finish), or
 * one after another with the hosted service's pause in between.
 */
export async function submitRatios(
  ratios: readonly string[],
  submission: RatioSubmission,
  maxInFlight: number,
  deps: SubmitRatiosDeps,
): Promise<void> {
  if (submission.kind === 'one-by-one') {
    for (const [index, ratio] of ratios.entries()) {
      if (index > 0 && submission.pauseMs > 0) await deps.sleep(submission.pauseMs);
      if (deps.cancelled()) return;
      deps.onStart(ratio);
      await deps.run(ratio);
    }
    return;
  }
  const waiting = [...ratios];
  const lane = async () => {
    for (let ratio = waiting.shift(); ratio !== undefined; ratio = waiting.shift()) {
      if (deps.cancelled()) return;
      await deps.run(ratio);
    }
  };
  const lanes = Math.max(1, Math.min(maxInFlight, ratios.length));
  await Promise.all(Array.from({ length: lanes }, lane));
}
