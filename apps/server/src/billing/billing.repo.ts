import { sql, type Kysely } from 'kysely';
import type { DB } from '../platform/db/types';
import './billing.tables';

/** One small query per caller; the rules live in the services. */
export type BillingDb = Kysely<DB>;

export function findAccount(db: BillingDb, userId: string) {
  return db
    .selectFrom('billing_account')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Takes the account's row lock for the rest of the transaction (a no-op write: PostgreSQL locks
 * the row, SQLite the database), so two fulfilments of one user run one after the other and the
 * second reads what the first wrote.
 */
export async function lockAccount(db: BillingDb, userId: string): Promise<void> {
  await db
    .updateTable('billing_account')
    .set({ updated_at: sql<string>`updated_at` })
    .where('user_id', '=', userId)
    .execute();
}

export function findAccountByCustomer(db: BillingDb, customerId: string) {
  return db
    .selectFrom('billing_account')
    .selectAll()
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

/** The plan id a user's account holds, for `ownPlan`. */
export async function findPlanId(db: BillingDb, userId: string) {
  const account = await db
    .selectFrom('billing_account')
    .select('plan_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return account?.plan_id;
}

export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

/** Creates the free-tier account if the user has none; true when this call created it. */
export async function insertFreeAccountIfMissing(
  db: BillingDb,
  account: { userId: string; periodStart: Date; periodEnd: Date; now: Date },
): Promise<boolean> {
  const result = await db
    .insertInto('billing_account')
    .values({
      user_id: account.userId,
      plan_id: 'free',
      cancel_at_period_end: 0,
      period_start: account.periodStart.toISOString(),
      period_end: account.periodEnd.toISOString(),
      created_at: account.now.toISOString(),
      updated_at: account.now.toISOString(),
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function setCustomerId(db: BillingDb, userId: string, customerId: string, now: Date) {
  await db
    .updateTable('billing_account')
    .set({ customer_id: customerId, updated_at: now.toISOString() })
    .where('user_id', '=', userId)
    .execute();
}

export async function updateAccountState(
  db: BillingDb,
  userId: string,
  state: {
    subscriptionId: string | null;
    planId: string;
    scheduledPlanId: string | null;
    cancelAtPeriodEnd: boolean;
    periodStart: Date;
    periodEnd: Date;
    customerId?: string;
  },
  now: Date,
): Promise<void> {
  await db
    .updateTable('billing_account')
    .set({
      subscription_id: state.subscriptionId,
      plan_id: state.planId,
      scheduled_plan_id: state.scheduledPlanId,
      cancel_at_period_end: state.cancelAtPeriodEnd ? 1 : 0,
      period_start: state.periodStart.toISOString(),
      period_end: state.periodEnd.toISOString(),
      ...(state.customerId ? { customer_id: state.customerId } : {}),
      updated_at: now.toISOString(),
    })
    .where('user_id', '=', userId)
    .execute();
}

/** Moves a free account to its next period only if it is still in the period the job saw. */
export async function advanceFreePeriod(
  db: BillingDb,
  userId: string,
  seenPeriodEnd: Date | string,
  next: { periodStart: Date; periodEnd: Date },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('billing_account')
    .set({
      period_start: next.periodStart.toISOString(),
      period_end: next.periodEnd.toISOString(),
      updated_at: now.toISOString(),
    })
    .where('user_id', '=', userId)
    .where('plan_id', '=', 'free')
    .where('period_end', '=', seenPeriodEnd)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function listFreeAccountsDue(db: BillingDb, now: Date, limit: number) {
  return db
    .selectFrom('billing_account')
    .select(['user_id', 'period_start', 'period_end'])
    .where('plan_id', '=', 'free')
    .where('period_end', '<=', now.toISOString())
    .orderBy('period_end')
    .limit(limit)
    .execute();
}

export function listProfilesWithoutAccount(db: BillingDb, limit: number) {
  return db
    .selectFrom('user_profile')
    .leftJoin('billing_account', 'billing_account.user_id', 'user_profile.user_id')
    .select(['user_profile.user_id', 'user_profile.created_at'])
    .where('billing_account.user_id', 'is', null)
    .limit(limit)
    .execute();
}

export function findProfile(db: BillingDb, userId: string) {
  return db.selectFrom('user_profile').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function findUser(db: BillingDb, userId: string) {
  return db
    .selectFrom('user')
    .select(['id', 'email', 'name'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function setSubscriptionStatus(
  db: BillingDb,
  userId: string,
  status: string,
  resetMonthlyOperations: boolean,
  now: Date,
): Promise<void> {
  await db
    .updateTable('user_profile')
    .set({
      subscription_status: status,
      ...(resetMonthlyOperations ? { operations_this_month: 0 } : {}),
      updated_at: now.toISOString(),
    })
    .where('user_id', '=', userId)
    .execute();
}

export async function isEventProcessed(db: BillingDb, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('processed_webhook_event')
    .select('event_id')
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Throws a unique violation when the event was already recorded. */
export async function recordProcessedEvent(
  db: BillingDb,
  event: { id: string; type: string },
  now: Date,
) {
  await db
    .insertInto('processed_webhook_event')
    .values({ event_id: event.id, type: event.type, processed_at: now.toISOString() })
    .execute();
}

export async function deleteProcessedEventsBefore(db: BillingDb, cutoff: Date): Promise<number> {
  const result = await db
    .deleteFrom('processed_webhook_event')
    .where('processed_at', '<', cutoff.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertUsageEvent(
  db: BillingDb,
  userId: string,
  operationType: string,
  now: Date,
) {
  await db
    .insertInto('usage_event')
    .values({
      id: crypto.randomUUID(),
      user_id: userId,
      operation_type: operationType,
      created_at: now.toISOString(),
    })
    .execute();
}

/** Takes the named lease if it is free or expired; true when this holder now has it. */
export async function tryAcquireLease(
  db: BillingDb,
  lease: { name: string; holder: string; until: Date },
  now: Date,
): Promise<boolean> {
  const result = await db
    .insertInto('job_lease')
    .values({ name: lease.name, holder: lease.holder, leased_until: lease.until.toISOString() })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder: lease.holder, leased_until: lease.until.toISOString() })
        .where('job_lease.leased_until', '<', now.toISOString()),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function releaseLease(db: BillingDb, name: string, holder: string, now: Date) {
  await db
    .updateTable('job_lease')
    .set({ leased_until: now.toISOString() })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}
