import { copy, type Plan } from '@reframe/shared';

/**
 * One line of a plan card: the feature as the brief words it, and for the plan's processing
 * feature what it gets beside the label ("Priority Processing: up to 2 ratios at once, ahead in the
 * queue").
 */
export function PlanFeature({ plan, label }: { plan: Plan; label: string }) {
  return label === plan.processing.feature ? copy.billing.processingFeature(plan) : label;
}
