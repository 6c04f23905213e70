import { computeCanvas, resolveOutput, type RatioSubmission } from '@reframe/shared';

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

/**
 * The ratios in the order to submit them all at once: the largest canvas first, so it starts on
 * one worker while the smaller ones pass through the others, instead of starting last and
 * finishing long after them. Equal sizes keep the user's order.
 */
export function largestCanvasFirst(
  ratios: readonly string[],
  image: { width: number; height: number },
): string[] {
  const area = (label: string) => {
    const output = resolveOutput(label);
    if (!output) return 0;
    const canvas = output.exact ?? computeCanvas(image.width, image.height, output.ratio);
    return canvas.width * canvas.height;
  };
  return [...ratios].sort((a, b) => area(b) - area(a));
}
