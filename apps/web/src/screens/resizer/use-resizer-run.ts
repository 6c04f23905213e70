import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { errorMessages, formatMessage, type UploadResponse } from '@reframe/shared';
import {
  debugPrediction,
  getPrediction,
  startPrediction,
  usageStatsQueryKey,
} from '../../api/resizer';
import { historyQueryKey } from '../../api/history';
import { runPrediction, type PredictionApi } from './run-prediction';
import { initialRunState, progressAction, runReducer, type RunAction } from './run-queue';

/**
 * The provider's pause between consecutive ratios: 2 s for a hosted AI service, none for the
 * built-in engine. The server does not expose which provider it runs, so the built-in value holds.
 */
export const PAUSE_BETWEEN_RATIOS_MS = 0;

const api: PredictionApi = { start: startPrediction, get: getPrediction, debug: debugPrediction };

class RunCancelled extends Error {}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

interface RunInputs {
  upload: UploadResponse | null;
  selected: readonly string[];
  hasCredits: boolean;
}

/**
 * The resizer's run: ratios one after another, each started, polled and retried by
 * runPrediction, the queue and results kept by runReducer. A new upload (reset) or leaving the
 * screen cancels what is still running, so stale results never reach the new image.
 */
export function useResizerRun({ upload, selected, hasCredits }: RunInputs) {
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
    async (uploadId: string, ratio: string, regenerate: boolean, mine: number) => {
      const send = (action: RunAction) => {
        if (generation.current === mine) dispatch(action);
      };
      const sleep = async (ms: number) => {
        await new Promise((resolve) => setTimeout(resolve, ms));
        if (generation.current !== mine) throw new RunCancelled();
      };
      try {
        const result = await runPrediction(
          { upload_id: uploadId, aspect_ratio: ratio, regenerate },
          { api, sleep, random: Math.random, onProgress: (p) => send(progressAction(ratio, p)) },
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
    [queryClient],
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
    for (const [index, ratio] of ratios.entries()) {
      if (generation.current !== mine) return;
      if (index > 0 && PAUSE_BETWEEN_RATIOS_MS > 0) {
        await new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_RATIOS_MS));
      }
      dispatch({ type: 'start', ratio });
      await runOne(upload.id, ratio, false, mine);
    }
    void queryClient.invalidateQueries({ queryKey: historyQueryKey });
  }, [refuse, upload, selected, runOne, queryClient]);

  const regenerate = useCallback(
    async (ratio: string) => {
      if (!upload) {
        dispatch({ type: 'fail-run', message: errorMessages.REGENERATE_MISSING_IMAGE });
        return;
      }
      if (!hasCredits) {
        dispatch({ type: 'fail-run', message: errorMessages.NO_CREDITS });
        return;
      }
      const mine = generation.current;
      dispatch({ type: 'regenerate', ratio });
      await runOne(upload.id, ratio, true, mine);
      void queryClient.invalidateQueries({ queryKey: historyQueryKey });
    },
    [upload, hasCredits, runOne, queryClient],
  );

  /** A new upload: cancel what runs and clear results, error and queue. */
  const reset = useCallback(() => {
    generation.current += 1;
    dispatch({ type: 'reset' });
  }, []);

  return { state, process, regenerate, reset };
}
