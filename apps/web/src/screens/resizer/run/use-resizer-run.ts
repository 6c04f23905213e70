import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import {
  errorMessages,
  formatMessage,
  outputSpecOfKey,
  type Alignment,
  type UploadResponse,
} from '@reframe/shared';
import { usageStatsQueryKey } from '../../../api/resizer';
import { historyQueryKey } from '../../../api/history';
import type { FramingChoice } from '../FramingPicker';
import { predictionApi, sleep, submissionPlan } from './prediction-api';
import { runPrediction, type ExpandedImage } from './run-prediction';
import { initialRunState, progressAction, runReducer, type RunAction } from './run-queue';
import { submitRatios } from './submit-ratios';

class RunCancelled extends Error {}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

interface RunInputs {
  upload: UploadResponse | null;
  selected: readonly string[];
  hasCredits: boolean;
  /** Where the original sits on each canvas (issue 15); centred by default. */
  alignment?: Alignment;
  /** The framing and fill style of each output (issue 38); the deployment's default framing. */
  framing?: FramingChoice;
}

/**
 * The resizer's run: the ratios submitted as the provider takes them (submitRatios), each
 * started, polled and retried by runPrediction, the queue and results kept by runReducer. A new
 * upload (reset) or leaving the screen cancels what is still running, so stale results never
 * reach the new image.
 */
export function useResizerRun({ upload, selected, hasCredits, alignment, framing }: RunInputs) {
  const [state, dispatch] = useReducer(runReducer, initialRunState);
  const queryClient = useQueryClient();
  const generation = useRef(0);

  useEffect(
    () => () => {
      generation.current += 1;
    },
    [],
  );

  const runOne = useCallback(
    async (
      uploadId: string,
      ratio: string,
      regenerate: boolean,
      mine: number,
      choice: FramingChoice | undefined,
    ) => {
      const send = (action: RunAction) => {
        if (generation.current === mine) dispatch(action);
      };
      const sleepUnlessCancelled = async (ms: number) => {
        await sleep(ms);
        if (generation.current !== mine) throw new RunCancelled();
      };
      try {
        const result = await runPrediction(
          {
            upload_id: uploadId,
            ...outputSpecOfKey(ratio),
            alignment,
            framing: choice?.framing,
            style: choice?.style,
            regenerate,
          },
          {
            api: predictionApi,
            sleep: sleepUnlessCancelled,
            now: () => performance.now(),
            random: Math.random,
            onProgress: (p) => {
              send(progressAction(ratio, p));
              // The credit is spent when the server accepts the job: show the balance at once.
              if (p.kind === 'started') {
                void queryClient.invalidateQueries({ queryKey: usageStatsQueryKey });
              }
            },
          },
        );
        send({ type: 'complete', result });
      } catch (error) {
        if (error instanceof RunCancelled) return;
        const format = regenerate ? formatMessage.errorRegenerating : formatMessage.errorProcessing;
        send({ type: 'fail', ratio, message: format(ratio, messageOf(error)) });
      } finally {
        void queryClient.invalidateQueries({ queryKey: usageStatsQueryKey });
      }
    },
    [queryClient, alignment],
  );

  const refuse = useCallback((): string | null => {
    if (!upload) return errorMessages.NO_IMAGE;
    if (selected.length === 0) return errorMessages.NO_RATIO;
    if (!hasCredits) return errorMessages.NO_CREDITS;
    return null;
  }, [upload, selected, hasCredits]);

  const process = useCallback(async () => {
    const problem = refuse();
    if (problem || !upload) {
      dispatch({ type: 'fail-run', message: problem ?? errorMessages.NO_IMAGE });
      return;
    }
    const mine = generation.current;
    const ratios = [...selected];
    dispatch({ type: 'enqueue', ratios });
    const { submission, maxInFlight } = await submissionPlan(queryClient);
    // In the order the picker lists them: the first one listed is the first to start.
    await submitRatios(ratios, submission, maxInFlight, {
      run: (ratio) => runOne(upload.id, ratio, false, mine, framing),
      onStart: (ratio) => dispatch({ type: 'start', ratio }),
      sleep,
      cancelled: () => generation.current !== mine,
    });
    void queryClient.invalidateQueries({ queryKey: historyQueryKey });
  }, [refuse, upload, selected, runOne, queryClient, framing]);

  /**
   * One ratio on its own: a regeneration (a new version of a result) or the retry of a failed
   * ratio. Either is one prediction, so the server charges one credit and nothing else re-runs.
   */
  const runAgain = useCallback(
    async (ratio: string, kind: 'regenerate' | 'retry', choice: FramingChoice | undefined) => {
      if (!upload) {
        const message =
          kind === 'regenerate' ? errorMessages.REGENERATE_MISSING_IMAGE : errorMessages.NO_IMAGE;
        dispatch({ type: 'fail-run', message });
        return;
      }
      if (!hasCredits) {
        dispatch({ type: 'fail-run', message: errorMessages.NO_CREDITS });
        return;
      }
      const mine = generation.current;
      dispatch({ type: kind, ratio });
      await runOne(upload.id, ratio, kind === 'regenerate', mine, choice);
      void queryClient.invalidateQueries({ queryKey: historyQueryKey });
    },
    [upload, hasCredits, runOne, queryClient],
  );
  /** A new version with the run's choices, or with an alternative's (a weak result's, issue 38). */
  const regenerate = useCallback(
    (ratio: string, alternative?: FramingChoice) =>
      runAgain(ratio, 'regenerate', alternative ?? framing),
    [runAgain, framing],
  );
  const retry = useCallback(
    (ratio: string) => runAgain(ratio, 'retry', framing),
    [runAgain, framing],
  );

  const pick = useCallback((ratio: string, index: number) => {
    dispatch({ type: 'pick', ratio, index });
  }, []);

  /** The last run of this session, back from history after the user left the screen. */
  const restore = useCallback((versions: Record<string, ExpandedImage[]>) => {
    dispatch({ type: 'restore', versions });
  }, []);

  /** A new upload: cancel what runs and clear results, error and queue. */
  const reset = useCallback(() => {
    generation.current += 1;
    dispatch({ type: 'reset' });
  }, []);

  return { state, process, regenerate, retry, pick, restore, reset };
}
