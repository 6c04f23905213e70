import { QueryClient } from '@tanstack/react-query';
import type { SiteConfig, UsageStats } from '@reframe/shared';
import { describe, expect, it } from 'vitest';
import { usageStatsQueryKey } from '../../../api/resizer';
import { siteConfigQuery } from '../../../api/site-config';
import { submissionPlan } from './prediction-api';

const config: SiteConfig = {
  paymentsDemo: false,
  aiProvider: 'engine',
  maxActiveJobsPerUser: 5,
  hostedModel: null,
};

/** A member on Free who spends an Expert team's pool, as getUsageStats describes them. */
const memberOfExpertPool: UsageStats = {
  remainingCredits: 175,
  personalCredits: 5,
  team: { ownerName: 'Olive Owner', role: 'member' },
  usedCredits: 0,
  creditsUsedThisMonth: 0,
  totalOperations: 0,
  operationsThisMonth: 0,
  subscriptionStatus: 'free',
  currentPlan: 'free',
  payerPlan: 'expert',
  renewalDate: null,
  cancelAtPeriodEnd: false,
  scheduledPlan: null,
};

/** A query client that already holds what the server said: nothing is fetched. */
function clientWith(usage: UsageStats): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(siteConfigQuery.queryKey, config);
  client.setQueryData(usageStatsQueryKey, usage);
  return client;
}

describe('submissionPlan', () => {
  it("submits as many ratios at once as the payer's plan runs: Expert's 3 for a member on Free", async () => {
    expect(await submissionPlan(clientWith(memberOfExpertPool))).toEqual({
      submission: { kind: 'all-at-once' },
      maxInFlight: 3,
    });
  });

  it('submits one at a time for a user on Free who pays for their own runs', async () => {
    const own: UsageStats = {
      ...memberOfExpertPool,
      team: null,
      remainingCredits: 5,
      payerPlan: 'free',
    };
    expect((await submissionPlan(clientWith(own))).maxInFlight).toBe(1);
  });
});
