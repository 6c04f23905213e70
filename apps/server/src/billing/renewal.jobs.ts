import { getPlan } from '@reframe/shared';
import type { FastifyBaseLogger } from 'fastify';
import { topUpCredits } from '../credits/credits.service';
import type { JobQueue } from '../adapters/queue/job-queue';
import { isUniqueViolation } from '../platform/db/unique-violation';
import type { JobName } from '../platform/jobs/job-catalogue';
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
import { addOneMonth, periodContaining, type Clock } from '../platform/clock/clock';

const planRenewJobName: JobName = 'PlanRenew';
const defaultPageSize = 200;
const leaseMs = 10 * 60_000;
/** Time left on the lease below which a run stops paging, so it never outlives its lease. */
const leaseMarginMs = 60_000;
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
export function createRenewalJob(deps: {
  db: BillingDb;
  clock: Clock;
  log: FastifyBaseLogger;
  pageSize?: number;
}) {
  const { db, clock, log, pageSize = defaultPageSize } = deps;
  const holder = crypto.randomUUID();

  async function handlePlanRenew(): Promise<RenewalResult> {
    const startedAt = clock.now();
    const leasedUntil = new Date(startedAt.getTime() + leaseMs);
    const acquired = await tryAcquireLease(
      db,
      { name: planRenewJobName, holder, until: leasedUntil },
      startedAt,
    );
    if (!acquired) return { status: 'skipped', reason: 'another instance holds the lease' };
    try {
      const accountsCreated = await createMissingAccounts(leasedUntil);
      const renewed = await renewFreeAccounts(leasedUntil);
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

  /**
   * Whether to fetch another page: not when the page was empty, nor when a whole page changed
   * nothing (the next query would return the same page forever), nor when the lease is about to
   * run out (another instance may then take it); the last two are logged, the next run goes on.
   */
  function keepPaging(step: string, leasedUntil: Date, seen: number, done: number): boolean {
    if (seen === 0) return false;
    if (done === 0) {
      log.warn({ step, stuck: seen }, 'PlanRenew stopped: a page made no progress');
      return false;
    }
    if (clock.now().getTime() >= leasedUntil.getTime() - leaseMarginMs) {
      log.warn({ step }, 'PlanRenew stopped: its lease is running out');
      return false;
    }
    return true;
  }

  async function createMissingAccounts(leasedUntil: Date): Promise<number> {
    let created = 0;
    for (;;) {
      const profiles = await listProfilesWithoutAccount(db, pageSize);
      const now = clock.now();
      let done = 0;
      for (const profile of profiles) {
        const periodStart = new Date(profile.created_at);
        if (
          await insertFreeAccountIfMissing(db, {
            userId: profile.user_id,
            periodStart,
            periodEnd: addOneMonth(periodStart),
            now,
          })
        ) {
          done += 1;
        }
      }
      created += done;
      if (!keepPaging('create accounts', leasedUntil, profiles.length, done)) return created;
    }
  }

  async function renewFreeAccounts(leasedUntil: Date): Promise<number> {
    let renewed = 0;
    for (;;) {
      const due = await listFreeAccountsDue(db, clock.now(), pageSize);
      let done = 0;
      for (const account of due) {
        if (await renewOne(account.user_id, account.period_start, account.period_end)) done += 1;
      }
      renewed += done;
      if (!keepPaging('renew free accounts', leasedUntil, due.length, done)) return renewed;
    }
  }

  async function renewOne(
    userId: string,
    periodStart: Date | string,
    periodEnd: Date | string,
  ): Promise<boolean> {
    const now = clock.now();
    const closing = new Date(periodEnd);
    const next = periodContaining({ periodStart: new Date(periodStart), periodEnd: closing }, now);
    try {
      return await db.transaction().execute(async (trx) => {
        const moved = await advanceFreePeriod(trx, userId, periodEnd, next, now);
        if (!moved) return false;
        await setSubscriptionStatus(trx, userId, 'free', true, now);
        await topUpCredits(trx, {
          userId,
          target: getPlan('free').credits,
          kind: 'renewal',
          key: `renewal:free:${userId}:${closing.toISOString()}`,
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

/**
 * Queues the job now and then every `intervalMs` (one key, so a run still queued or running is not
 * queued twice); returns a stop function.
 */
export function scheduleRenewalJob(
  queue: Pick<JobQueue, 'enqueue'>,
  intervalMs: number,
  log: FastifyBaseLogger,
): () => void {
  const run = () => {
    queue
      .enqueue({ name: 'PlanRenew', data: {} }, { key: 'PlanRenew', priority: 0 })
      .catch((error: unknown) => log.error({ err: error }, 'could not queue the renewal job'));
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
