import { useQuery } from '@tanstack/react-query';
import { planAllowsBulk } from '@reframe/shared';
import { fetchUsageStats, usageStatsQueryKey } from '../../../api/resizer';

/**
 * Whether the plan of whoever pays for the user's runs (a team's pool: its owner's) processes
 * several photos in one run; false until usage has loaded.
 */
export function useBulkAccess(): boolean {
  const usage = useQuery({ queryKey: usageStatsQueryKey, queryFn: fetchUsageStats });
  return usage.data ? planAllowsBulk(usage.data.payerPlan) : false;
}
