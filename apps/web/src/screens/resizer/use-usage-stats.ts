import { useQuery } from '@tanstack/react-query';
import { fetchUsageStats, usageStatsQueryKey } from '../../api/resizer';

interface Usage {
  /** Usage has loaded: only then may the upgrade banner show. */
  loaded: boolean;
  remainingCredits: number | null;
  /** The brief: credits exist when remainingCredits > 0. Unknown (still loading) counts as yes. */
  hasCredits: boolean;
}

export function useUsageStats(): Usage {
  const usage = useQuery({ queryKey: usageStatsQueryKey, queryFn: fetchUsageStats });
  const remainingCredits = usage.data?.remainingCredits ?? null;
  return {
    loaded: usage.isSuccess,
    remainingCredits,
    hasCredits: remainingCredits === null || remainingCredits > 0,
  };
}
