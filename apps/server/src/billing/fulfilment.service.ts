import { comparePlans, getPlan, isPaidPlanId, type PaidPlanId, type PlanId } from '@reframe/shared';
import type { FastifyBaseLogger } from 'fastify';
import { addUpgradeCredits, topUpCredits } from '../credits/credits.service';
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
  lockAccount,
  recordProcessedEvent,
  setSubscriptionStatus,
  updateAccountState,
  type AccountRow,
  type BillingDb,
} from './billing.repo';
import { addOneMonth, type Clock } from '../platform/clock/clock';
import type { BillingTeams } from './billing-teams';

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

/** How often an event is applied again after another fulfilment changed the same account. */
const MAX_ATTEMPTS = 5;

/** The account's subscription changed between the provider reads and the transaction. */
class AccountChangedError extends Error {}

/**
 * Of two subscriptions of one customer, the one the provider created last (its checkout was paid
 * last) is the user's; the same second goes to the greater id, so every reader agrees.
 */
function isNewer(a: ProviderSubscription, b: ProviderSubscription): boolean {
  const difference = a.createdAt.getTime() - b.createdAt.getTime();
  return difference === 0 ? a.id > b.id : difference > 0;
}

/** What fulfilment saw of the account before its transaction, and the provider's view of it. */
interface Seen {
  subscriptionId: string | null;
  /** The account's recorded subscription when the event is about another one. */
  recorded: ProviderSubscription | null;
}

/**
 * The fulfilment rules. Each event is applied once (its id is recorded in the same transaction
 * as its effects); the event only says which subscription changed, and the state applied is
 * re-read from the provider, so order and repetition do not matter. Credits are keyed by the
 * invoice that paid for the plan: a new period's invoice tops the balance up to the plan's
 * credits; the invoice charging an upgrade adds them to the unused ones, which carry over
 * (issue 41); a downgrade waits for the period's end and grants nothing.
 *
 * A user has one subscription: of two paid checkouts, the one paid last replaces the other
 * (README, "Plans and payments"), which is cancelled with the provider. The provider is read
 * before the transaction and called after it, never inside: the transaction holds SQLite's only
 * connection, and the test-mode provider's store is in that database.
 */
export function createFulfilmentService(deps: {
  db: BillingDb;
  provider: PaymentProvider;
  clock: Clock;
  log: FastifyBaseLogger;
  teams: Pick<BillingTeams, 'syncTeamWithPlan'>;
}) {
  const { db, provider, clock, log, teams } = deps;

  async function handleEvent(event: BillingEvent): Promise<FulfilmentOutcome> {
    if (!handledEventTypes.has(event.type) || !event.subscriptionId) {
      log.info({ eventId: event.id, type: event.type }, 'billing event ignored');
      return 'ignored';
    }
    const duplicate = await isEventProcessed(db, event.id);
    const subscription = await provider.retrieveSubscription(event.subscriptionId);
    const userId = await resolveUser(event, subscription);
    const outcome = duplicate ? 'duplicate' : await applyOnce(event, subscription, userId);
    if (!subscription || !userId) {
      if (outcome === 'applied') {
        log.warn(
          { eventId: event.id, type: event.type },
          'billing event for an unknown subscription or user',
        );
      }
      return outcome;
    }
    // Also on a repeated event: the provider retries one whose cancellation failed.
    await endReplacedSubscriptions(userId, subscription);
    return outcome;
  }

  async function applyOnce(
    event: BillingEvent,
    subscription: ProviderSubscription | null,
    userId: string | null,
  ): Promise<FulfilmentOutcome> {
    for (let attempt = 1; ; attempt += 1) {
      const seen = await readBeforeTransaction(subscription, userId);
      try {
        await db.transaction().execute(async (trx) => {
          await recordProcessedEvent(trx, event, clock.now());
          if (subscription && userId) await reconcile(trx, userId, subscription, seen);
        });
        return 'applied';
      } catch (error) {
        if (error instanceof AccountChangedError && attempt < MAX_ATTEMPTS) continue;
        if (isUniqueViolation(error) && (await isEventProcessed(db, event.id))) return 'duplicate';
        throw error;
      }
    }
  }

  async function readBeforeTransaction(
    subscription: ProviderSubscription | null,
    userId: string | null,
  ): Promise<Seen> {
    const account = userId ? await findAccount(db, userId) : undefined;
    const subscriptionId = account?.subscription_id ?? null;
    const recorded =
      subscription && subscriptionId && subscriptionId !== subscription.id
        ? await provider.retrieveSubscription(subscriptionId)
        : null;
    return { subscriptionId, recorded };
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

  async function reconcile(
    trx: BillingDb,
    userId: string,
    subscription: ProviderSubscription,
    seen: Seen,
  ) {
    const now = clock.now();
    await insertFreeAccountIfMissing(trx, {
      userId,
      periodStart: now,
      periodEnd: addOneMonth(now),
      now,
    });
    await lockAccount(trx, userId);
    const account = await findAccount(trx, userId);
    if (!account) return;
    if (account.subscription_id !== seen.subscriptionId) throw new AccountChangedError();
    const isCurrent = account.subscription_id === subscription.id;
    if (isEntitling(subscription.status) && subscription.planId) {
      if (!isCurrent && account.subscription_id && account.plan_id !== 'free') {
        const { recorded } = seen;
        // An older subscription never overrides a newer one that still entitles.
        if (recorded && isEntitling(recorded.status) && isNewer(recorded, subscription)) {
          log.info({ subscriptionId: subscription.id }, 'billing: an older subscription ignored');
          return;
        }
      }
      await applyPaidState(trx, account, subscription, subscription.planId, now);
    } else if (isCurrent) {
      await applyFreeState(trx, account, subscription, now);
    }
  }

  /**
   * Cancels with the provider every subscription of the user older than the one recorded: the
   * one a later checkout replaced, or one whose checkout was paid first but fulfilled last.
   */
  async function endReplacedSubscriptions(userId: string, subscription: ProviderSubscription) {
    if (!isEntitling(subscription.status)) return;
    const currentId = (await findAccount(db, userId))?.subscription_id;
    if (!currentId) return;
    const current =
      currentId === subscription.id ? subscription : await provider.retrieveSubscription(currentId);
    if (!current || !isEntitling(current.status)) return;
    for (const other of await provider.listSubscriptions(current.customerId)) {
      if (other.id !== current.id && isEntitling(other.status) && isNewer(current, other)) {
        log.info({ subscriptionId: other.id, by: current.id }, 'billing: subscription replaced');
        await provider.cancelSubscription(other.id);
      }
    }
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
    await teams.syncTeamWithPlan(trx, account.user_id, entitled, now);
    const invoice = subscription.latestInvoice;
    if (invoice && isPaidPlanId(planId) && invoicePaysFor(invoice, planId)) {
      const change = { userId: account.user_id, key: `invoice:${invoice.id}:${planId}`, now };
      // The invoice, not the account, tells an upgrade from a period: the account may already
      // hold the new plan when the invoice's event comes after the subscription's.
      if (invoice.changesPlan) {
        await addUpgradeCredits(trx, { ...change, planCredits: getPlan(planId).credits });
      } else {
        await topUpCredits(trx, {
          ...change,
          target: getPlan(planId).credits,
          kind: renewal ? 'renewal' : 'purchase',
        });
      }
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
    await teams.syncTeamWithPlan(trx, account.user_id, false, now);
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
