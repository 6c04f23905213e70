import type { PlanId } from './plans';

/** Photos one run may take (issue 15); more is refused by the server, not only the upload area. */
export const MAX_BULK_PHOTOS = 20;
/** Outputs (ratios, pack sizes, custom sizes) asked of each photo in one run. */
export const MAX_RUN_OUTPUTS = 40;

/** The plans whose "Bulk Processing" feature lets one run take several photos. */
export const bulkPlanIds: readonly PlanId[] = ['growth', 'expert'];

export function planAllowsBulk(planId: PlanId): boolean {
  return bulkPlanIds.includes(planId);
}
