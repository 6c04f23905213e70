import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/types';
import type { ApiWebhookDeliveryRow } from './api-webhooks.tables';

export async function findWebhookSecret(
  db: Kysely<DB>,
  accountUserId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('api_webhook_secret')
    .select('secret')
    .where('account_user_id', '=', accountUserId)
    .executeTakeFirst();
  return row?.secret;
}

/** Keeps the secret already there: of two first uses at once, one secret wins. */
export async function insertWebhookSecretOnce(
  db: Kysely<DB>,
  accountUserId: string,
  secret: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('api_webhook_secret')
    .values({ account_user_id: accountUserId, secret, created_at: now.toISOString() })
    .onConflict((oc) => oc.column('account_user_id').doNothing())
    .execute();
}

export async function replaceWebhookSecret(
  db: Kysely<DB>,
  accountUserId: string,
  secret: string,
  now: Date,
): Promise<void> {
  const createdAt = now.toISOString();
  await db
    .insertInto('api_webhook_secret')
    .values({ account_user_id: accountUserId, secret, created_at: createdAt })
    .onConflict((oc) => oc.column('account_user_id').doUpdateSet({ secret, created_at: createdAt }))
    .execute();
}

/**
 * Takes a row lock that makes an account's deliveries being recorded wait for one another, so
 * counting those pending and adding one is one step (the account's webhook secret row, made
 * before; SQLite runs one transaction at a time anyway).
 */
export async function lockAccountDeliveries(trx: Kysely<DB>, accountUserId: string) {
  await trx
    .updateTable('api_webhook_secret')
    .set((eb) => ({ secret: eb.ref('secret') }))
    .where('account_user_id', '=', accountUserId)
    .execute();
}

/** Deliveries of the account neither delivered nor given up. */
export async function countPendingDeliveries(
  db: Kysely<DB>,
  accountUserId: string,
): Promise<number> {
  const row = await db
    .selectFrom('api_webhook_delivery')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('account_user_id', '=', accountUserId)
    .where('delivered_at', 'is', null)
    .where('gave_up_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertDelivery(
  db: Kysely<DB>,
  delivery: {
    id: string;
    accountUserId: string;
    expansionId: string;
    url: string;
    body: string;
    now: Date;
    /** Recorded as given up at once, never attempted, for this reason. */
    skipped: string | null;
  },
): Promise<void> {
  const now = delivery.now.toISOString();
  await db
    .insertInto('api_webhook_delivery')
    .values({
      id: delivery.id,
      account_user_id: delivery.accountUserId,
      expansion_id: delivery.expansionId,
      url: delivery.url,
      body: delivery.body,
      created_at: now,
      next_attempt_at: now,
      ...(delivery.skipped === null ? {} : { gave_up_at: now, last_error: delivery.skipped }),
    })
    .execute();
}

export async function findDelivery(
  db: Kysely<DB>,
  id: string,
): Promise<ApiWebhookDeliveryRow | undefined> {
  return db.selectFrom('api_webhook_delivery').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Takes attempt number `attempts + 1` of a delivery that is due and still open. Of two workers
 * that try the same attempt at once, exactly one gets `true`.
 */
export async function claimAttempt(
  db: Kysely<DB>,
  id: string,
  attempts: number,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('api_webhook_delivery')
    .set({ attempts: attempts + 1 })
    .where('id', '=', id)
    .where('attempts', '=', attempts)
    .where('delivered_at', 'is', null)
    .where('gave_up_at', 'is', null)
    .where('next_attempt_at', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves a due, open delivery's next attempt to `until` without making one; false if it moved on. */
export async function postponeAttempt(
  db: Kysely<DB>,
  id: string,
  attempts: number,
  until: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('api_webhook_delivery')
    .set({ next_attempt_at: until.toISOString() })
    .where('id', '=', id)
    .where('attempts', '=', attempts)
    .where('delivered_at', 'is', null)
    .where('gave_up_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface AttemptOutcome {
  attemptedAt: Date;
  status: number | null;
  error: string | null;
  durationMs: number;
}

/** Logs the attempt and records where the delivery stands, in one transaction. */
export async function recordAttempt(
  db: Kysely<DB>,
  id: string,
  outcome: AttemptOutcome,
  next: { deliveredAt: Date } | { nextAttemptAt: Date } | { gaveUpAt: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('api_webhook_attempt')
      .values({
        delivery_id: id,
        attempted_at: outcome.attemptedAt.toISOString(),
        status: outcome.status,
        error: outcome.error,
        duration_ms: outcome.durationMs,
      })
      .execute();
    await trx
      .updateTable('api_webhook_delivery')
      .set({
        last_status: outcome.status,
        last_error: outcome.error,
        ...('deliveredAt' in next ? { delivered_at: next.deliveredAt.toISOString() } : {}),
        ...('nextAttemptAt' in next ? { next_attempt_at: next.nextAttemptAt.toISOString() } : {}),
        ...('gaveUpAt' in next ? { gave_up_at: next.gaveUpAt.toISOString() } : {}),
      })
      .where('id', '=', id)
      .execute();
  });
}

/** Deliveries still open, for a process that starts running jobs after a restart. */
export async function listOpenDeliveries(
  db: Kysely<DB>,
): Promise<{ id: string; attempts: number; next_attempt_at: Date | string }[]> {
  return db
    .selectFrom('api_webhook_delivery')
    .select(['id', 'attempts', 'next_attempt_at'])
    .where('delivered_at', 'is', null)
    .where('gave_up_at', 'is', null)
    .execute();
}
