import type { Prediction } from '@reframe/shared';
import { followPrediction, type ExpandedImage, type FollowDeps } from './run-prediction';
import type { QueueStatus } from './run-queue';
import { inLanes } from './submit-ratios';

/** What the bulk queue shows of one output: its status, then its result or its error. */
export interface OutputUpdate {
  status: QueueStatus;
  result?: ExpandedImage;
  error?: string;
}

interface FollowRunDeps extends Omit<FollowDeps, 'onProgress'> {
  onUpdate(predictionId: string, update: OutputUpdate): void;
  /** Leaving the screen: stop polling, and report nothing more. */
  cancelled(): boolean;
}

class FollowCancelled extends Error {}

/** How a poll's answer shows while the output is not done; a settled one shows its end. */
const whileRunning: Partial<Record<Prediction['status'], QueueStatus>> = {
  starting: 'pending',
  processing: 'processing',
};

/**
 * Follows every output of a bulk run to its result or its error, with the single resizer's run
 * core: each one polled by followPrediction (once a second, at most 60 polls), never more at once
 * than `maxInFlight`, in the order the server runs them (inLanes). The server started them all.
 */
export async function followRun(
  started: readonly Prediction[],
  maxInFlight: number,
  deps: FollowRunDeps,
): Promise<void> {
  const follow = async (prediction: Prediction) => {
    try {
      const result = await followPrediction(prediction, {
        api: deps.api,
        sleep: (ms) => deps.sleep(ms),
        now: () => deps.now(),
        onProgress: (progress) => {
          if (deps.cancelled()) throw new FollowCancelled();
          const status = progress.kind === 'polled' ? whileRunning[progress.status] : undefined;
          if (status) deps.onUpdate(prediction.id, { status });
        },
      });
      deps.onUpdate(prediction.id, { status: 'completed', result });
    } catch (failure) {
      if (failure instanceof FollowCancelled) return;
      const error = failure instanceof Error ? failure.message : String(failure);
      deps.onUpdate(prediction.id, { status: 'error', error });
    }
  };
  await inLanes(started, maxInFlight, follow, () => deps.cancelled());
}
