import { copy, type Plan } from '@reframe/shared';
import clsx from 'clsx';
import { Check } from 'lucide-react';
import { Button } from '../../components/Button';
import { PlanFeature } from '../../components/PlanFeature';
import type { PlanButtonState } from './current-plan';

const labels: Record<PlanButtonState, string> = {
  current: copy.billing.currentPlan,
  selected: copy.billing.selected,
  select: copy.billing.selectPlan,
};

export function PlanCard({
  plan,
  state,
  onSelect,
}: {
  plan: Plan;
  state: PlanButtonState;
  onSelect: () => void;
}) {
  // The brief: the free tier's button is disabled when it is the current plan.
  const disabled = state === 'current' && plan.id === 'free';
  return (
    <li
      aria-label={plan.name}
      className={clsx(
        'relative flex flex-col rounded-2xl border bg-white p-5 shadow-sm',
        state === 'selected' ? 'border-brand-500 ring-2 ring-brand-500/30' : 'border-slate-200',
        state === 'current' && 'bg-slate-50',
      )}
    >
      {plan.badge && (
        <span className="absolute -top-3 left-5 rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-semibold text-white">
          {plan.badge}
        </span>
      )}
      <h3 className="text-base font-semibold text-slate-900">{plan.name}</h3>
      <p className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">{plan.priceLabel}</p>
      <p className="mt-1 text-sm text-slate-600">{copy.billing.credits(plan.credits)}</p>
      {plan.costPerCredit !== null && (
        <p className="text-sm text-slate-600">{copy.billing.costPerResize(plan.costPerCredit)}</p>
      )}
      <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
            <PlanFeature plan={plan} label={feature} />
          </li>
        ))}
      </ul>
      <Button
        className="mt-5"
        fullWidth
        variant={state === 'select' ? 'secondary' : 'primary'}
        aria-pressed={state === 'selected'}
        disabled={disabled || state === 'current'}
        onClick={onSelect}
      >
        {labels[state]}
      </Button>
    </li>
  );
}
