import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/types';

export async function findWebhookHost(db: Kysely<DB>, host: string) {
  return db
    .selectFrom('api_webhook_host')
    .select(['timeouts', 'backoff_until'])
    .where('host', '=', host)
    .executeTakeFirst();
}

/**
 * Holds a backed-off host until `until` for the one attempt that probes it, once its backoff has
 * run out. Of two attempts that try at once, exactly one gets `true`.
 */
export async function claimHostProbe(
  db: Kysely<DB>,
  host: string,
  now: Date,
  until: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('api_webhook_host')
    .set({ backoff_until: until.toISOString() })
    .where('host', '=', host)
    .where('backoff_until', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Counts one more time-out in a row of the host, and answers how many there are now. */
export async function countHostTimeout(db: Kysely<DB>, host: string): Promise<number> {
  const row = await db
    .insertInto('api_webhook_host')
    .values({ host, timeouts: 1, backoff_until: null })
    .onConflict((oc) =>
      oc
        .column('host')
        .doUpdateSet((eb) => ({ timeouts: eb('api_webhook_host.timeouts', '+', 1) })),
    )
    .returning('timeouts')
    .executeTakeFirstOrThrow();
  return row.timeouts;
}

export async function setHostBackoff(db: Kysely<DB>, host: string, until: Date): Promise<void> {
  await db
    .updateTable('api_webhook_host')
    .set({ backoff_until: until.toISOString() })
    .where('host', '=', host)
    .execute();
}

/** The host answered: it is no longer backed off. */
export async function clearWebhookHost(db: Kysely<DB>, host: string): Promise<void> {
  await db.deleteFrom('api_webhook_host').where('host', '=', host).execute();
}
