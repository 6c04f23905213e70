import clsx from 'clsx';
import { Check } from 'lucide-react';
import { copy, planClaims, plans, type Plan } from '@reframe/shared';
import { ButtonLink } from '../../components/Button';
import { PlanFeature } from '../../components/PlanFeature';
import { SectionHeading } from './SectionHeading';

/** Signed out, every plan starts at sign-up; signed in, paid plans go to Billing. */
function planTarget(plan: Plan, signedIn: boolean): string {
  if (!signedIn) return '/signup';
  return plan.price === 0 ? '/app' : '/app/billing';
}

function PlanCard({ plan }: { plan: Plan }) {
  const featured = plan.popular === true;
  return (
    <li
      data-testid={`plan-${plan.id}`}
      className={clsx(
        'relative flex flex-col rounded-2xl bg-white p-6',
        featured
          ? 'shadow-xl ring-2 shadow-brand-900/10 ring-brand-600'
          : 'shadow-sm ring-1 shadow-slate-900/5 ring-slate-200',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
        {plan.badge && (
          <span
            className={clsx(
              'rounded-full px-2.5 py-0.5 text-xs font-semibold',
              featured
                ? 'bg-brand-600 text-white'
                : 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200',
            )}
          >
            {plan.badge}
          </span>
        )}
      </div>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900">${plan.price}</span>
        <span className="text-sm font-medium text-slate-600">
          {plan.price === 0 ? copy.landing.pricingForever : copy.landing.pricingPerMonth}
        </span>
      </p>
      <p className="mt-3 text-base font-semibold text-brand-700">{plan.marketing.headline}</p>
      {plan.costPerCredit !== null && (
        <p className="mt-0.5 text-sm font-medium text-slate-600">
          {copy.billing.costPerResize(plan.costPerCredit)}
        </p>
      )}
      <p className="mt-1 text-sm leading-6 text-slate-600">{plan.description}</p>
      <p className="mt-6 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {copy.landing.pricingIncludes}
      </p>
      <ul className="mt-3 flex-1 space-y-2.5 text-sm text-slate-700">
        {plan.features.map((item) => (
          <li key={item} className="flex gap-2.5">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
            <PlanFeature plan={plan} label={item} />
          </li>
        ))}
      </ul>
      <ButtonLink
        to={planTarget(plan, false)}
        data-signed-in-href={planTarget(plan, true)}
        variant={featured ? 'primary' : 'secondary'}
        className="mt-8 w-full"
      >
        {plan.price === 0 ? copy.landing.pricingStartFree : copy.landing.pricingChoose(plan.name)}
      </ButtonLink>
    </li>
  );
}

export function Pricing() {
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      className="scroll-mt-20 bg-slate-50 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <SectionHeading
          id="pricing-title"
          eyebrow={copy.landing.pricingEyebrow}
          title={copy.landing.pricingTitle}
          subtitle={copy.landing.pricingSubtitle}
        />
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </ul>
        <p className="mt-10 flex flex-col items-center justify-center gap-x-8 gap-y-2 text-sm font-medium text-slate-700 sm:flex-row">
          {[planClaims.anyTime, planClaims.noCreditCard].map((claim) => (
            <span key={claim} className="inline-flex items-center gap-2">
              <Check aria-hidden="true" className="size-4 text-emerald-600" />
              {claim}
            </span>
          ))}
        </p>
      </div>
    </section>
  );
}
