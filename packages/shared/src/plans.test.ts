import { describe, expect, it } from 'vitest';
import {
  balanceAfterTopUp,
  comparePlans,
  getPlan,
  isPaidPlanId,
  isPlanId,
  planIds,
  planOf,
  plans,
  queuePlace,
} from './plans';
import { copy } from './messages';

describe('plans', () => {
  it('lists the four plans of the brief in price order', () => {
    expect(plans.map((plan) => [plan.id, plan.name, plan.price, plan.credits])).toEqual([
      ['free', 'Free Tier', 0, 5],
      ['starter', 'Starter', 5, 30],
      ['growth', 'Growth', 10, 75],
      ['expert', 'Expert', 20, 175],
    ]);
  });

  it('carries the cost per resize and the badges of the brief', () => {
    expect(plans.map((plan) => plan.costPerCredit)).toEqual([null, 0.17, 0.13, 0.11]);
    expect(getPlan('growth')).toMatchObject({ popular: true, badge: 'Most Popular' });
    expect(getPlan('expert')).toMatchObject({ bestDeal: true, badge: 'Best Deal' });
    expect(getPlan('starter').popular).toBeUndefined();
  });

  it('words the features exactly as the brief table', () => {
    expect(getPlan('free').features).toEqual(['5 free image resizes', 'Standard Processing Speed']);
    expect(getPlan('growth').features).toContain('Bulk Processing');
    expect(getPlan('expert').features[0]).toBe('175 image resizes/month');
    expect(getPlan('expert').features).toContain('Team of up to 5 with a shared credit pool');
    expect(getPlan('free').priceLabel).toBe('$0 forever');
    expect(getPlan('starter').priceLabel).toBe('$5/month');
  });

  it('gives a team of 5 seats, the owner included, to Expert alone (issue 26)', () => {
    expect(plans.map((plan) => [plan.id, plan.teamSeats])).toEqual([
      ['free', 0],
      ['starter', 0],
      ['growth', 0],
      ['expert', 5],
    ]);
    for (const plan of plans) {
      expect(plan.features.join()).not.toContain('collaboration');
    }
  });

  it("runs more of a user's ratios at once, and earlier in the queue, as the plan grows", () => {
    expect(plans.map((plan) => [plan.id, plan.processing.ratiosAtOnce])).toEqual([
      ['free', 1],
      ['starter', 1],
      ['growth', 2],
      ['expert', 3],
    ]);
    expect(plans.map(queuePlace)).toEqual(['standard', 'standard', 'ahead', 'first']);
    for (const plan of plans) expect(plan.features).toContain(plan.processing.feature);
  });

  it('says beside each processing feature what the plan gets', () => {
    expect(plans.map((plan) => copy.billing.processingFeature(plan))).toEqual([
      'Standard Processing Speed: 1 ratio at a time, standard queue',
      'Standard Processing Speed: 1 ratio at a time, standard queue',
      'Priority Processing: up to 2 ratios at once, ahead in the queue',
      'Ultra-Fast Processing: up to 3 ratios at once, first in the queue',
    ]);
  });

  it('takes an unknown or missing stored plan for the free tier', () => {
    expect(planOf('platinum').id).toBe('free');
    expect(planOf(undefined).id).toBe('free');
    expect(planOf('expert').id).toBe('expert');
  });

  it('recognises plan ids and rejects anything else', () => {
    expect(planIds.every(isPlanId)).toBe(true);
    expect(isPlanId('platinum')).toBe(false);
    expect(isPaidPlanId('free')).toBe(false);
    expect(isPaidPlanId('expert')).toBe(true);
  });

  it('orders plans so an upgrade compares greater', () => {
    expect(comparePlans('growth', 'starter')).toBeGreaterThan(0);
    expect(comparePlans('starter', 'expert')).toBeLessThan(0);
    expect(comparePlans('free', 'free')).toBe(0);
  });
});

describe('balanceAfterTopUp', () => {
  it('tops a smaller balance up to the plan: 4 left on Free becomes 75 on Growth, not 79', () => {
    expect(balanceAfterTopUp(4, 75)).toBe(75);
  });

  it('never lowers a larger balance', () => {
    expect(balanceAfterTopUp(80, 30)).toBe(80);
  });
});
