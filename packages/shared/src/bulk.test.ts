import { describe, expect, it } from 'vitest';
import { bulkPlanIds, planAllowsBulk } from './bulk';
import { plans } from './plans';

describe('Bulk Processing', () => {
  it('is allowed on exactly the plans whose features promise it', () => {
    const promised = plans
      .filter((plan) => plan.features.includes('Bulk Processing'))
      .map((plan) => plan.id);
    expect(promised).toEqual(['growth', 'expert']);
    expect(plans.filter((plan) => planAllowsBulk(plan.id)).map((plan) => plan.id)).toEqual(
      promised,
    );
    expect(bulkPlanIds).toEqual(promised);
  });
});
