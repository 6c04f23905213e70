import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessages, formatMessage, outputSpecOfKey, type Alignment } from '@reframe/shared';
import { historyQueryKey } from '../../../api/history';
import { usageStatsQueryKey } from '../../../api/resizer';
import { startRun } from '../../../api/runs';
import type { FramingChoice } from '../FramingPicker';
import {
  anyRunning,
  fromRegenerated,
  fromUpdate,
  outputsOf,
  patched,
  type BulkOutput,
  type StartedPrediction,
} from './bulk-outputs';
import { followRun } from './follow-run';
import { predictionApi, sleep, submissionPlan } from './prediction-api';
import { runPrediction } from './run-prediction';

/**
 * A bulk run on the resizer: one POST /api/runs for every uploaded photo (the server checks plan,
 * cap and credits before anything starts), then each output polled until it settles (followRun:
 * the single run's polling and lanes). The server queues the outputs within the per-user job
 * limit, so the browser only polls, as many at once as a single run submits, in the order they
 * run. Leaving the screen stops the polling.
 */
export function useBulkRun() {
  const queryClient = useQueryClient();
  const [outputs, setOutputs] = useState<BulkOutput[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const patchOutput = useCallback((predictionId: string, patch: Partial<BulkOutput>) => {
    if (alive.current) setOutputs((current) => patched(current, predictionId, patch));
  }, []);
  const refreshCounts = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: usageStatsQueryKey });
    void queryClient.invalidateQueries({ queryKey: historyQueryKey });
  }, [queryClient]);

  const start = useCallback(
    async (
      uploadIds: readonly string[],
      selected: readonly string[],
      alignment: Alignment,
      framing: FramingChoice,
    ) => {
      if (uploadIds.length === 0) return setError(errorMessages.NO_IMAGE);
      if (selected.length === 0) return setError(errorMessages.NO_RATIO);
      setError(null);
      setStarting(true);
      let started: StartedPrediction[];
      try {
        const run = await startRun({
          upload_ids: [...uploadIds],
          outputs: selected.map(outputSpecOfKey),
          alignment,
          framing: framing.framing,
          style: framing.style,
        });
        started = run.predictions;
        setOutputs(outputsOf(started));
      } catch (failure) {
        setError((failure as Error).message);
        return;
      } finally {
        setStarting(false);
        void queryClient.invalidateQueries({ queryKey: usageStatsQueryKey });
      }
      const { maxInFlight } = await submissionPlan(queryClient);
      await followRun(started, maxInFlight, {
        api: predictionApi,
        sleep,
        now: () => performance.now(),
        cancelled: () => !alive.current,
        onUpdate: (predictionId, update) => patchOutput(predictionId, fromUpdate(update)),
      });
      refreshCounts();
    },
    [queryClient, patchOutput, refreshCounts],
  );

  /** A new version of one output, made and charged (one credit) on its own, as a single result's. */
  const regenerate = useCallback(
    async (output: BulkOutput, alignment: Alignment, framing: FramingChoice) => {
      patchOutput(output.predictionId, { status: 'processing', error: null });
      try {
        const result = await runPrediction(
          {
            upload_id: output.uploadId,
            ...outputSpecOfKey(output.key),
            alignment,
            framing: framing.framing,
            style: framing.style,
            regenerate: true,
          },
          {
            api: predictionApi,
            sleep,
            now: () => performance.now(),
            random: Math.random,
            onProgress: () => void queryClient.invalidateQueries({ queryKey: usageStatsQueryKey }),
          },
        );
        patchOutput(output.predictionId, fromRegenerated(result));
      } catch (failure) {
        const message = formatMessage.errorRegenerating(output.key, (failure as Error).message);
        patchOutput(output.predictionId, { status: 'error', error: message });
      } finally {
        refreshCounts();
      }
    },
    [queryClient, patchOutput, refreshCounts],
  );

  /** New photos: the last run's results and error go. */
  const reset = useCallback(() => {
    setOutputs([]);
    setError(null);
  }, []);

  return {
    outputs,
    error,
    running: starting || anyRunning(outputs),
    start,
    regenerate,
    reset,
  };
}
