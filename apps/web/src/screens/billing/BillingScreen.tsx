import {
  comparePlans,
  copy,
  errorMessages,
  getPlan,
  planChangeCopy,
  plans,
  type PlanId,
} from '@reframe/shared';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/Alert';
import { AppPage } from '../../components/AppPage';
import { Button } from '../../components/Button';
import { FullPageSpinner } from '../../components/Spinner';
import { ContactSections } from './ContactSections';
import { PlanCard } from './PlanCard';
import { SubscriptionPanel } from './SubscriptionPanel';
import { SwitchedNotice } from './SwitchedNotice';
import { UsagePanel } from './UsagePanel';
import { planButtonState, resolveCurrentPlan } from './current-plan';
import { useUsageStats } from '../../components/use-usage-stats';
import { useBillingConfig, useCheckout } from './use-billing';

export function BillingScreen() {
  const [search] = useSearchParams();
  const config = useBillingConfig();
  const usage = useUsageStats();
  const checkout = useCheckout();
  const [selected, setSelected] = useState<PlanId | null>(null);
  const proceedRef = useRef<HTMLDivElement>(null);

  // On a phone the button appears below four plan cards: bring it into view when a plan is chosen.
  useEffect(() => {
    if (selected) proceedRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [selected]);

  if (config.isPending) return <FullPageSpinner />;
  if (config.isError) {
    return (
      <AppPage title={copy.billing.title}>
        <Alert>{errorMessages.LOAD_BILLING_CONFIG_FAILED}</Alert>
      </AppPage>
    );
  }

  const current = resolveCurrentPlan(usage.data, search);
  const chosen = selected && selected !== current ? selected : null;

  return (
    <AppPage title={copy.billing.title}>
      <div className="space-y-8">
        {config.data.mode === 'test' && <Alert tone="info">{copy.billing.testMode}</Alert>}
        {search.get('success') === 'true' && (
          <Alert tone="success">{copy.billing.paymentSuccess}</Alert>
        )}
        {usage.data && <SwitchedNotice stats={usage.data} switched={search.get('switched')} />}

        <section aria-labelledby="plans-title">
          <h2 id="plans-title" className="text-lg font-semibold text-slate-900">
            {copy.billing.choosePlan}
          </h2>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {plans.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                state={planButtonState(plan.id, current, chosen)}
                onSelect={() => {
                  checkout.reset();
                  setSelected(plan.id);
                }}
              />
            ))}
          </ul>
          {chosen && (
            <div ref={proceedRef} className="mt-6 flex scroll-mb-6 flex-col items-start gap-3">
              <Button
                size="lg"
                busy={checkout.isPending || checkout.isSuccess}
                busyLabel={copy.billing.processing}
                onClick={() => checkout.mutate(chosen)}
              >
                {chosen === 'free'
                  ? copy.billing.cancelSubscription
                  : copy.billing.proceedToPayment(getPlan(chosen).price)}
              </Button>
              {chosen !== 'free' && usage.data && comparePlans(chosen, current) > 0 && (
                <p className="text-sm text-slate-600" data-testid="balance-after-upgrade">
                  {planChangeCopy.balanceNote(usage.data.personalCredits, current, chosen)}
                </p>
              )}
              {checkout.isError && <Alert>{errorMessages.CHECKOUT_FAILED}</Alert>}
            </div>
          )}
        </section>

        {usage.data && <SubscriptionPanel stats={usage.data} />}
        <UsagePanel stats={usage.data} isLoading={usage.isPending} isError={usage.isError} />
        <ContactSections />
      </div>
    </AppPage>
  );
}
