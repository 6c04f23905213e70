import type { QueryClient } from '@tanstack/react-query';
import { planOf, ratioSubmission, type RatioSubmission } from '@reframe/shared';
import {
  debugPrediction,
  fetchUsageStats,
  getPrediction,
  startPrediction,
  usageStatsQueryKey,
} from '../../../api/resizer';
import { siteConfigQuery } from '../../../api/site-config';
import type { PredictionApi } from './run-prediction';

/** The server's prediction calls, as the single and the bulk run make them. */
export const predictionApi: PredictionApi = {
  start: startPrediction,
  get: getPrediction,
  debug: debugPrediction,
};

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * How this deployment's provider takes the ratios, as the server says, and how many at once: as
 * many as the plan of whoever pays runs at once (a team's pool: its owner's plan), within the
 * jobs a user may have queued or running.
 */
export async function submissionPlan(
  queryClient: QueryClient,
): Promise<{ submission: RatioSubmission; maxInFlight: number }> {
  try {
    const [config, usage] = await Promise.all([
      queryClient.fetchQuery(siteConfigQuery),
      queryClient.fetchQuery({ queryKey: usageStatsQueryKey, queryFn: fetchUsageStats }),
    ]);
    return {
      submission: ratioSubmission(config.aiProvider),
      maxInFlight: Math.min(
        config.maxActiveJobsPerUser,
        planOf(usage.payerPlan).processing.ratiosAtOnce,
      ),
    };
  } catch {
    // Without the server's word, the brief's own run: one ratio at a time, with its pause.
    return { submission: ratioSubmission('replicate'), maxInFlight: 1 };
  }
}
