import { describe, expect, it } from 'vitest';
import { formatBillingDate, planButtonState, resolveCurrentPlan } from './current-plan';

const search = (query: string) => new URLSearchParams(query);

describe('resolveCurrentPlan', () => {
  it('reads currentPlan, then subscriptionStatus, then free', () => {
    expect(
      resolveCurrentPlan({ currentPlan: 'growth', subscriptionStatus: 'active' }, search('')),
    ).toBe('growth');
    expect(resolveCurrentPlan(undefined, search(''))).toBe('free');
  });

  it('shows the plan of the query after a successful payment only', () => {
    const stats = { currentPlan: 'free', subscriptionStatus: 'free' } as const;
    expect(resolveCurrentPlan(stats, search('success=true&plan=expert'))).toBe('expert');
    expect(resolveCurrentPlan(stats, search('plan=expert'))).toBe('free');
    expect(resolveCurrentPlan(stats, search('success=true&plan=platinum'))).toBe('free');
  });
});

describe('planButtonState', () => {
  it('names the current, the selected and the other plans', () => {
    expect(planButtonState('free', 'free', 'growth')).toBe('current');
    expect(planButtonState('growth', 'free', 'growth')).toBe('selected');
    expect(planButtonState('expert', 'free', 'growth')).toBe('select');
  });
});

describe('formatBillingDate', () => {
  it('formats an ISO date and refuses nonsense', () => {
    expect(formatBillingDate('2026-03-04T12:00:00.000Z')).toBe('Mar 4, 2026');
    expect(formatBillingDate(null)).toBeNull();
    expect(formatBillingDate('soon')).toBeNull();
  });
});
