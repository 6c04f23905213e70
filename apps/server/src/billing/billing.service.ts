import {
  isPaidPlanId,
  isPlanId,
  type OperationType,
  type PaidPlanId,
  type PlanId,
  type SubscriptionStatus,
  type UsageStats,
} from '@reframe/shared';
import type { PaymentProvider } from '../adapters/payments/payment-provider';
import { creditsUsedThisMonth, usedCredits } from '../credits/credits.service';
import { toIsoString } from '../platform/db/column-types';
import { AppError } from '../platform/http/app-error';
import {
  findAccount,
  findProfile,
  findUser,
  insertFreeAccountIfMissing,
  insertUsageEvent,
  setCustomerId,
  type BillingDb,
} from './billing.repo';
import { firstPeriodContaining, type Clock } from '../platform/clock/clock';
import type { BillingTeams } from './billing-teams';
import { ownPlan } from './own-plan';

/** The billing callables' rules: configuration, checkout, portal, usage. */
export function createBillingService(deps: {
  db: BillingDb;
  provider: PaymentProvider;
  clock: Clock;
  appUrl: string;
  teams: Pick<BillingTeams, 'spendingTeamOf' | 'poolBalance' | 'payerOf'>;
}) {
  const { db, provider, clock, appUrl, teams } = deps;

  /** The user's billing account, created on the free tier (period from sign-up) if missing. */
  async function ensureAccount(userId: string) {
    const existing = await findAccount(db, userId);
    if (existing) return existing;
    const profile = await findProfile(db, userId);
    if (!profile) throw new AppError('USER_DOCUMENT_NOT_FOUND', 404);
    const now = clock.now();
    const period = firstPeriodContaining(new Date(profile.created_at), now);
    await insertFreeAccountIfMissing(db, { userId, ...period, now });
    const created = await findAccount(db, userId);
    if (!created) throw new Error(`Billing account for ${userId} was not created`);
    return created;
  }

  async function ensureCustomer(userId: string): Promise<string> {
    const account = await ensureAccount(userId);
    if (account.customer_id) return account.customer_id;
    const user = await findUser(db, userId);
    if (!user) throw new AppError('USER_DOCUMENT_NOT_FOUND', 404);
    const customerId = await provider.createCustomer(user);
    await setCustomerId(db, userId, customerId, clock.now());
    return customerId;
  }

  function returnOrigin(origin: string | undefined): string {
    // Only our own origin: a caller-chosen origin would make checkout an open redirect.
    const own = new URL(appUrl).origin;
    return origin && new URL(origin).origin === own ? origin : own;
  }

  async function createCheckoutSession(userId: string, planId: string, origin?: string) {
    if (!isPlanId(planId)) throw new AppError('UNKNOWN_PLAN', 400);
    const account = await ensureAccount(userId);
    const current = account.plan_id as PlanId;
    const base = returnOrigin(origin);
    if (planId === current && !account.scheduled_plan_id)
      throw new AppError('ALREADY_ON_PLAN', 409);
    // With a subscription in place, changes and cancellation go through the provider's portal:
    // a paid plan straight to its page confirming the switch (issue 41).
    if (account.subscription_id || !isPaidPlanId(planId)) {
      if (!account.customer_id || !account.subscription_id)
        throw new AppError('ALREADY_ON_PLAN', 409);
      return provider.createPortalSession({
        customerId: account.customer_id,
        returnUrl: `${base}/app/billing`,
        ...(isPaidPlanId(planId) && {
          switchTo: { subscriptionId: account.subscription_id, planId },
        }),
      });
    }
    const customerId = await ensureCustomer(userId);
    const session = await provider.createCheckoutSession({
      customerId,
      userId,
      planId: planId satisfies PaidPlanId,
      successUrl: `${base}/app/billing?success=true&plan=${planId}`,
      cancelUrl: `${base}/app/billing`,
    });
    return { url: session.url };
  }

  async function createPortalSession(userId: string, origin?: string) {
    const account = await ensureAccount(userId);
    if (!account.customer_id || !account.subscription_id)
      throw new AppError('NO_SUBSCRIPTION', 409);
    return provider.createPortalSession({
      customerId: account.customer_id,
      returnUrl: `${returnOrigin(origin)}/app/billing`,
    });
  }

  /** Ends the user's subscriptions with the provider at once (account deletion). */
  async function cancelSubscriptions(userId: string): Promise<void> {
    const account = await findAccount(db, userId);
    if (account?.customer_id) await provider.cancelSubscriptions(account.customer_id);
  }

  async function getUsageStats(userId: string): Promise<UsageStats> {
    const account = await ensureAccount(userId);
    const profile = await findProfile(db, userId);
    if (!profile) throw new AppError('USER_DOCUMENT_NOT_FOUND', 404);
    const team = await teams.spendingTeamOf(db, userId);
    return {
      remainingCredits: team ? await teams.poolBalance(db, team.ownerId) : profile.credits,
      personalCredits: profile.credits,
      team: team && { ownerName: team.ownerName, role: team.role },
      usedCredits: await usedCredits(db, userId),
      // Real time, as the ledger stamps spends; Team's figure comes from the same call.
      creditsUsedThisMonth: (await creditsUsedThisMonth(db, [userId], new Date()))(userId),
      totalOperations: profile.total_operations,
      operationsThisMonth: profile.operations_this_month,
      subscriptionStatus: toSubscriptionStatus(profile.subscription_status),
      currentPlan: isPlanId(account.plan_id) ? account.plan_id : 'free',
      payerPlan: (await ownPlan(db, await teams.payerOf(db, userId))).id,
      renewalDate: toIsoString(account.period_end),
      cancelAtPeriodEnd: Boolean(account.cancel_at_period_end),
      scheduledPlan:
        account.scheduled_plan_id && isPlanId(account.scheduled_plan_id)
          ? account.scheduled_plan_id
          : null,
    };
  }

  async function trackUsage(userId: string, operationType: OperationType): Promise<null> {
    await insertUsageEvent(db, userId, operationType, clock.now());
    return null;
  }

  return {
    getConfig: () => ({ publishableKey: provider.publishableKey, mode: provider.mode }),
    createCheckoutSession,
    createPortalSession,
    cancelSubscriptions,
    getUsageStats,
    trackUsage,
    ensureAccount,
  };
}

export type BillingService = ReturnType<typeof createBillingService>;

function toSubscriptionStatus(value: string): SubscriptionStatus {
  return value === 'active' || value === 'canceling' || value === 'past_due' ? value : 'free';
}
