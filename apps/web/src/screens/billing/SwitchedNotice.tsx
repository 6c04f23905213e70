import { getPlan, isPaidPlanId, planChangeCopy, type UsageStats } from '@reframe/shared';
import { Alert } from '../../components/Alert';
import { formatBillingDate } from './current-plan';

/**
 * Back on Billing from a plan switch (`?switched=<plan>`, issue 41): what the switch did, from the
 * account as the server now holds it: the new plan and balance, or the downgrade's date.
 */
export function SwitchedNotice({
  stats,
  switched,
}: {
  stats: UsageStats;
  switched: string | null;
}) {
  if (!isPaidPlanId(switched)) return null;
  const plan = getPlan(switched);
  if (stats.scheduledPlan === switched) {
    const date = formatBillingDate(stats.renewalDate) ?? '';
    const current = getPlan(stats.currentPlan).name;
    return <Alert tone="success">{planChangeCopy.switchScheduled(current, date, plan.name)}</Alert>;
  }
  if (stats.currentPlan === switched) {
    return (
      <Alert tone="success">
        <span data-testid="switched-notice">
          {planChangeCopy.switched(plan.name, stats.personalCredits)}
        </span>
      </Alert>
    );
  }
  return <Alert tone="info">{planChangeCopy.switchPending(plan.name)}</Alert>;
}
