import { getPlan } from '@reframe/shared';
import type { FastifyBaseLogger } from 'fastify';
import { topUpTo } from '../credits/credits.service';
import { isUniqueViolation } from '../db/unique-violation';
import {
  advanceFreePeriod,
  deleteProcessedEventsBefore,
  insertFreeAccountIfMissing,
  listFreeAccountsDue,
  listProfilesWithoutAccount,
  releaseLease,
  setSubscriptionStatus,
  tryAcquireLease,
  type BillingDb,
} from './billing.repo';
import { addOneMonth, type Clock } from './clock';

export const planRenewJobName = 'PlanRenew';
const pageSize = 200;
const leaseMs = 10 * 60_000;
/** Processed webhook event ids are kept at least 30 days (providers retry for up to 3). */
const processedEventRetentionMs = 35 * 24 * 60 * 60_000;

export type RenewalResult =
  | { status: 'succeeded'; renewed: number; accountsCreated: number; eventsPurged: number }
  | { status: 'skipped'; reason: 'another instance holds the lease' };

/**
 * PlanRenew: tops every free account back up to the free tier's credits when its monthly renewal
 * date has passed, and resets operationsThisMonth. Idempotent (each renewal is keyed by the period
 * it closes) and run by one instance at a time (a lease row in the database).
 */
export function createRenewalJob(deps: { db: BillingDb; clock: Clock; log: FastifyBaseLogger }) {
  const { db, clock, log } = deps;
  const holder = crypto.randomUUID();

  async function handlePlanRenew(): Promise<RenewalResult> {
    const startedAt = clock.now();
    const acquired = await tryAcquireLease(
      db,
      { name: planRenewJobName, holder, until: new Date(startedAt.getTime() + leaseMs) },
      startedAt,
    );
    if (!acquired) return { status: 'skipped', reason: 'another instance holds the lease' };
    try {
      const accountsCreated = await createMissingAccounts();
      const renewed = await renewFreeAccounts();
      const eventsPurged = await deleteProcessedEventsBefore(
        db,
        new Date(clock.now().getTime() - processedEventRetentionMs),
      );
      const result = { status: 'succeeded' as const, renewed, accountsCreated, eventsPurged };
      log.info(result, 'PlanRenew finished');
      return result;
    } finally {
      await releaseLease(db, planRenewJobName, holder, clock.now());
    }
  }

  async function createMissingAccounts(): Promise<number> {
    let created = 0;
    for (;;) {
      const profiles = await listProfilesWithoutAccount(db, pageSize);
      if (profiles.length === 0) return created;
      const now = clock.now();
      for (const profile of profiles) {
        const periodStart = new Date(profile.created_at);
        await insertFreeAccountIfMissing(db, {
          userId: profile.user_id,
          periodStart,
          periodEnd: addOneMonth(periodStart),
          now,
        });
      }
      created += profiles.length;
    }
  }

  async function renewFreeAccounts(): Promise<number> {
    let renewed = 0;
    for (;;) {
      const due = await listFreeAccountsDue(db, clock.now(), pageSize);
      if (due.length === 0) return renewed;
      for (const account of due) {
        if (await renewOne(account.user_id, account.period_end)) renewed += 1;
      }
    }
  }

  async function renewOne(userId: string, periodEnd: Date | string): Promise<boolean> {
    const now = clock.now();
    const closing = new Date(periodEnd);
    let periodStart = closing;
    let nextEnd = addOneMonth(closing);
    // A server that was down for months renews once, into the current period.
    while (nextEnd <= now) [periodStart, nextEnd] = [nextEnd, addOneMonth(nextEnd)];
    try {
      return await db.transaction().execute(async (trx) => {
        const moved = await advanceFreePeriod(
          trx,
          userId,
          periodEnd,
          { periodStart, periodEnd: nextEnd },
          now,
        );
        if (!moved) return false;
        await setSubscriptionStatus(trx, userId, 'free', true, now);
        await topUpTo(trx, {
          userId,
          target: getPlan('free').credits,
          kind: 'renewal',
          idempotencyKey: `renewal:free:${userId}:${closing.toISOString()}`,
          now,
        });
        return true;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  return { handlePlanRenew };
}

export type RenewalJob = ReturnType<typeof createRenewalJob>;

/** Runs the job now and then every `intervalMs`; returns a stop function. */
export function scheduleRenewalJob(
  job: RenewalJob,
  intervalMs: number,
  log: FastifyBaseLogger,
): () => void {
  const run = () => {
    job.handlePlanRenew().catch((error: unknown) => log.error({ err: error }, 'PlanRenew failed'));
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
