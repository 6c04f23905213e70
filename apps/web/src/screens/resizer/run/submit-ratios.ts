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
  await inLanes(
    ratios,
    maxInFlight,
    (ratio) => deps.run(ratio),
    () => deps.cancelled(),
  );
}

/**
 * Runs `items` in their order, never more than `maxInFlight` at once (at least one): each lane
 * takes the next item as its last one ends. `run` must not reject. Once `cancelled()` is true no
 * lane starts another item. The ratios of a run and the outputs of a bulk run go through it.
 */
export async function inLanes<T>(
  items: readonly T[],
  maxInFlight: number,
  run: (item: T) => Promise<void>,
  cancelled: () => boolean,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length && !cancelled()) {
      const item = items[next] as T;
      next += 1;
      await run(item);
    }
  };
  const lanes = Math.max(1, Math.min(maxInFlight, items.length));
  await Promise.all(Array.from({ length: lanes }, lane));
}
