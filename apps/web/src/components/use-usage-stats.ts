import { useQuery } from '@tanstack/react-query';
import { fetchUsageStats, usageStatsQueryKey } from '../api/resizer';

/** The user's usage (getUsageStats): one query for Billing & Usage and the resizer. */
export function useUsageStats() {
  const query = useQuery({ queryKey: usageStatsQueryKey, queryFn: fetchUsageStats });
  const remainingCredits = query.data?.remainingCredits ?? null;
  return {
    data: query.data,
    isPending: query.isPending,
    isError: query.isError,
    /** Usage has loaded: only then may the upgrade banner show. */
    loaded: query.isSuccess,
    remainingCredits,
    /** Set while the user spends from a team's pool: then remainingCredits is the pool's. */
    team: query.data?.team ?? null,
    /** The brief: credits exist when remainingCredits > 0. Unknown (still loading) counts as yes. */
    hasCredits: remainingCredits === null || remainingCredits > 0,
  };
}
