import { isPlanId, type PlanId, type UsageStats } from '@reframe/shared';

/**
 * The brief's rule: the current plan is the usage stats' currentPlan if present, else
 * subscriptionStatus, else free; after a successful payment, `?plan=` sets the displayed plan.
 */
export function resolveCurrentPlan(
  stats: Pick<UsageStats, 'currentPlan' | 'subscriptionStatus'> | undefined,
  search: URLSearchParams,
): PlanId {
  const fromQuery = search.get('plan');
  if (search.get('success') === 'true' && isPlanId(fromQuery)) return fromQuery;
  if (stats?.currentPlan && isPlanId(stats.currentPlan)) return stats.currentPlan;
  if (isPlanId(stats?.subscriptionStatus)) return stats.subscriptionStatus;
  return 'free';
}

export type PlanButtonState = 'current' | 'selected' | 'select';

export function planButtonState(planId: PlanId, current: PlanId, selected: PlanId | null) {
  if (planId === current) return 'current';
  return planId === selected ? 'selected' : 'select';
}

/** A date of the usage stats as the user reads it (e.g. "Mar 4, 2026"). */
export function formatBillingDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}
