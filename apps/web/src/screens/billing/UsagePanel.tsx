import { copy, errorMessages, getPlan, teamWebCopy, type UsageStats } from '@reframe/shared';
import { Alert } from '../../components/Alert';
import { Card } from '../../components/Card';
import { Spinner } from '../../components/Spinner';
import { formatBillingDate } from './current-plan';

export function UsagePanel({
  stats,
  isLoading,
  isError,
}: {
  stats: UsageStats | undefined;
  isLoading: boolean;
  isError: boolean;
}) {
  return (
    <section aria-labelledby="usage-title">
      <h2 id="usage-title" className="text-lg font-semibold text-slate-900">
        {copy.billing.usageStatistics}
      </h2>
      <Card className="mt-4 p-5">
        {isLoading && <Spinner className="text-brand-600" />}
        {isError && <Alert>{errorMessages.LOAD_USAGE_FAILED}</Alert>}
        {stats && (
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
            {/* The user's own plan: their own balance, also while they spend from a team's pool. */}
            <Stat label={copy.billing.remainingCredits} value={stats.personalCredits} />
            {stats.team && <Stat label={teamWebCopy.teamPool} value={stats.remainingCredits} />}
            <Stat label={copy.billing.creditsUsedThisMonth} value={stats.creditsUsedThisMonth} />
            <Stat label={copy.billing.totalOperations} value={stats.totalOperations} />
            <Stat label={copy.billing.operationsThisMonth} value={stats.operationsThisMonth} />
            <Stat label={copy.billing.planLabel} value={getPlan(stats.currentPlan).name} />
            <Stat
              label={copy.billing.renewalDate}
              value={formatBillingDate(stats.renewalDate) ?? '—'}
            />
          </dl>
        )}
      </Card>
    </section>
  );
}

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-slate-900" data-testid={label}>
        {value}
      </dd>
    </div>
  );
}
