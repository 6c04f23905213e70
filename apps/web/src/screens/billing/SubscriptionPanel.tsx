import { copy, getPlan, type UsageStats } from '@reframe/shared';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { formatBillingDate } from './current-plan';
import { usePortal } from './use-billing';

/** Ours, beyond the brief: change or cancel the plan through the provider's portal. */
export function SubscriptionPanel({ stats }: { stats: UsageStats }) {
  const portal = usePortal();
  const date = formatBillingDate(stats.renewalDate) ?? '';
  const plan = getPlan(stats.currentPlan);
  if (stats.currentPlan === 'free') {
    return date ? <p className="text-sm text-slate-600">{copy.billing.freeRenewal(date)}</p> : null;
  }
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-slate-900">{copy.billing.manageTitle}</h2>
      <p className="mt-2 text-sm text-slate-700" data-testid="subscription-status">
        {stats.cancelAtPeriodEnd
          ? copy.billing.endsOn(plan.name, date)
          : stats.scheduledPlan
            ? copy.billing.switchesOn(getPlan(stats.scheduledPlan).name, date)
            : copy.billing.renewsOn(date)}
      </p>
      <p className="mt-1 text-sm text-slate-500">{copy.billing.manageHint}</p>
      {portal.isError && <Alert className="mt-3">{copy.billing.openPortalFailed}</Alert>}
      <Button
        className="mt-4"
        variant="secondary"
        busy={portal.isPending || portal.isSuccess}
        busyLabel={copy.billing.opening}
        onClick={() => portal.mutate()}
      >
        {copy.billing.manageSubscription}
      </Button>
    </Card>
  );
}
