import { comparePlans, getPlan, isPaidPlanId, type PaidPlanId, type PlanId } from '@reframe/shared';
import type { FastifyBaseLogger } from 'fastify';
import { topUpCredits } from '../credits/credits.service';
import { isUniqueViolation } from '../platform/db/unique-violation';
import {
  isEntitling,
  type BillingEvent,
  type PaymentProvider,
  type ProviderInvoice,
  type ProviderSubscription,
} from '../adapters/payments/payment-provider';
import {
  findAccount,
  findAccountByCustomer,
  findProfile,
  insertFreeAccountIfMissing,
  isEventProcessed,
  recordProcessedEvent,
  setSubscriptionStatus,
  updateAccountState,
  type AccountRow,
  type BillingDb,
} from './billing.repo';
import { addOneMonth, type Clock } from '../platform/clock/clock';
import { syncTeamWithPlan } from '../team/team-access';

export const handledEventTypes = new Set([
  'checkout.session.completed',
  'invoice.paid',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

export type FulfilmentOutcome = 'applied' | 'duplicate' | 'ignored';

/** Credits are granted for a plan only against a paid, non-zero invoice charging its price. */
export function invoicePaysFor(invoice: ProviderInvoice | null, planId: PaidPlanId): boolean {
  return Boolean(invoice?.paid && invoice.amountPaid > 0 && invoice.chargedPlans.includes(planId));
}

/**
 * The fulfilment rules. Each event is applied once (its id is recorded in the same transaction
 * as its effects); the event only says which subscription changed, and the state applied is
 * re-read from the provider, so order and repetition do not matter. Credits are a top-up to
 * the plan's credits keyed by the invoice that paid for that plan: a new period's invoice, or
 * the invoice charging an upgrade; a downgrade waits for the period's end and grants nothing.
 */
export function createFulfilmentService(deps: {
  db: BillingDb;
  provider: PaymentProvider;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const { db, provider, clock, log } = deps;

  async function handleEvent(event: BillingEvent): Promise<FulfilmentOutcome> {
    if (!handledEventTypes.has(event.type) || !event.subscriptionId) {
      log.info({ eventId: event.id, type: event.type }, 'billing event ignored');
      return 'ignored';
    }
    if (await isEventProcessed(db, event.id)) return 'duplicate';
    const subscription = await provider.retrieveSubscription(event.subscriptionId);
    const userId = await resolveUser(event, subscription);
    try {
      await db.transaction().execute(async (trx) => {
        await recordProcessedEvent(trx, event, clock.now());
        if (subscription && userId) await reconcile(trx, userId, subscription);
      });
    } catch (error) {
      if (isUniqueViolation(error) && (await isEventProcessed(db, event.id))) return 'duplicate';
      throw error;
    }
    if (!subscription || !userId) {
      log.warn(
        { eventId: event.id, type: event.type },
        'billing event for an unknown subscription or user',
      );
    }
    return 'applied';
  }

  async function resolveUser(event: BillingEvent, subscription: ProviderSubscription | null) {
    const customerId = subscription?.customerId ?? event.customerId;
    if (customerId) {
      const account = await findAccountByCustomer(db, customerId);
      if (account) return account.user_id;
    }
    const candidate = subscription?.userId ?? event.userId;
    if (!candidate) return null;
    return (await findProfile(db, candidate)) ? candidate : null;
  }

  async function reconcile(trx: BillingDb, userId: string, subscription: ProviderSubscription) {
    const now = clock.now();
    await insertFreeAccountIfMissing(trx, {
      userId,
      periodStart: now,
      periodEnd: addOneMonth(now),
      now,
    });
    const account = await findAccount(trx, userId);
    if (!account) return;
    const isCurrent = account.subscription_id === subscription.id;
    if (isEntitling(subscription.status) && subscription.planId) {
      // A newer subscription replaces the recorded one; an older one never overrides it.
      if (!isCurrent && account.subscription_id && account.plan_id !== 'free') {
        if (!(await isReplacement(account))) return;
      }
      await applyPaidState(trx, account, subscription, subscription.planId, now);
    } else if (isCurrent) {
      await applyFreeState(trx, account, subscription, now);
    }
  }

  async function isReplacement(account: AccountRow) {
    if (!account.subscription_id) return true;
    const recorded = await provider.retrieveSubscription(account.subscription_id);
    return !recorded || !isEntitling(recorded.status);
  }

  async function applyPaidState(
    trx: BillingDb,
    account: AccountRow,
    subscription: ProviderSubscription,
    providerPlan: PlanId,
    now: Date,
  ) {
    const samePeriod =
      account.subscription_id === subscription.id &&
      new Date(account.period_start).getTime() === subscription.periodStart.getTime();
    // A downgrade waits for the period's end; an upgrade (or a new period) applies at once.
    const isDowngrade = samePeriod && comparePlans(providerPlan, account.plan_id as PlanId) < 0;
    const planId = isDowngrade ? (account.plan_id as PlanId) : providerPlan;
    await updateAccountState(
      trx,
      account.user_id,
      {
        subscriptionId: subscription.id,
        customerId: subscription.customerId,
        planId,
        scheduledPlanId: isDowngrade ? providerPlan : null,
        cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
        periodStart: subscription.periodStart,
        periodEnd: subscription.periodEnd,
      },
      now,
    );
    const status = subscription.cancelAtPeriodEnd
      ? 'canceling'
      : subscription.status === 'past_due'
        ? 'past_due'
        : 'active';
    // A new period of the same subscription renews; a first purchase or an upgrade buys, and
    // buying starts no new month of usage: "Operations this month" carries on (issue 16).
    const renewal = account.subscription_id === subscription.id && !samePeriod;
    await setSubscriptionStatus(trx, account.user_id, status, renewal, now);
    // A team lives while its owner's plan has seats and is paid up (issue 26).
    const entitled = getPlan(planId).teamSeats > 0 && status !== 'past_due';
    await syncTeamWithPlan(trx, account.user_id, entitled, now);
    const invoice = subscription.latestInvoice;
    if (invoice && isPaidPlanId(planId) && invoicePaysFor(invoice, planId)) {
      await topUpCredits(trx, {
        userId: account.user_id,
        target: getPlan(planId).credits,
        kind: renewal ? 'renewal' : 'purchase',
        key: `invoice:${invoice.id}:${planId}`,
        now,
      });
    }
  }

  async function applyFreeState(
    trx: BillingDb,
    account: AccountRow,
    subscription: ProviderSubscription,
    now: Date,
  ) {
    await updateAccountState(
      trx,
      account.user_id,
      {
        subscriptionId: null,
        planId: 'free',
        scheduledPlanId: null,
        cancelAtPeriodEnd: false,
        periodStart: now,
        periodEnd: addOneMonth(now),
      },
      now,
    );
    await setSubscriptionStatus(trx, account.user_id, 'free', true, now);
    await syncTeamWithPlan(trx, account.user_id, false, now);
    await topUpCredits(trx, {
      userId: account.user_id,
      target: getPlan('free').credits,
      kind: 'renewal',
      key: `free-start:${subscription.id}`,
      now,
    });
  }

  return { handleEvent };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
