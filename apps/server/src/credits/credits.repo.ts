import type { Kysely } from 'kysely';
import type { CreditLedgerKind, DB } from '../platform/db/types';

/** One small query per caller; only credits.service.ts changes a balance through them. */
export type CreditsDb = Kysely<DB>;

export function findLedgerEntryByKey(db: CreditsDb, idempotencyKey: string) {
  return db
    .selectFrom('credit_ledger')
    .select(['user_id', 'delta', 'kind', 'balance_after', 'team_id', 'member_user_id'])
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

export async function getBalance(db: CreditsDb, userId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('user_profile')
    .select('credits')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.credits;
}

/** Takes one credit only if one is left; the WHERE makes it safe under any concurrency. */
export async function takeOneCredit(db: CreditsDb, userId: string, now: Date) {
  const row = await db
    .updateTable('user_profile')
    .set((eb) => ({ credits: eb('credits', '-', 1), updated_at: now.toISOString() }))
    .where('user_id', '=', userId)
    .where('credits', '>=', 1)
    .returning('credits')
    .executeTakeFirst();
  return row?.credits;
}

/** Takes `count` credits only if that many are left (a bulk run is paid for whole or not at all). */
export async function takeCredits(db: CreditsDb, userId: string, count: number, now: Date) {
  const row = await db
    .updateTable('user_profile')
    .set((eb) => ({ credits: eb('credits', '-', count), updated_at: now.toISOString() }))
    .where('user_id', '=', userId)
    .where('credits', '>=', count)
    .returning('credits')
    .executeTakeFirst();
  return row?.credits;
}

export async function addCredits(db: CreditsDb, userId: string, delta: number, now: Date) {
  const row = await db
    .updateTable('user_profile')
    .set((eb) => ({ credits: eb('credits', '+', delta), updated_at: now.toISOString() }))
    .where('user_id', '=', userId)
    .returning('credits')
    .executeTakeFirst();
  return row?.credits;
}

export async function insertLedgerEntry(
  db: CreditsDb,
  entry: {
    userId: string;
    delta: number;
    kind: CreditLedgerKind;
    key: string;
    balanceAfter: number;
    now: Date;
    team?: { teamId: string; memberUserId: string } | null;
  },
): Promise<void> {
  await db
    .insertInto('credit_ledger')
    .values({
      id: crypto.randomUUID(),
      user_id: entry.userId,
      delta: entry.delta,
      kind: entry.kind,
      idempotency_key: entry.key,
      balance_after: entry.balanceAfter,
      created_at: entry.now.toISOString(),
      team_id: entry.team?.teamId ?? null,
      member_user_id: entry.team?.memberUserId ?? null,
    })
    .execute();
}

export async function sumSpentCredits(db: CreditsDb, userId: string): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.sum<number | string | null>('delta').as('total'))
    .where('user_id', '=', userId)
    .where('kind', 'in', ['spend', 'refund'])
    .executeTakeFirst();
  return -Number(row?.total ?? 0);
}

/**
 * Credits each of `userIds` spent (spends less refunds) since `since`, by who made the run: a
 * spend from a team's pool names its maker in `member_user_id`, one from the maker's own balance
 * only in `user_id`. Users who spent nothing are missing from the map.
 */
export async function sumCreditsUsedByMakers(
  db: CreditsDb,
  userIds: readonly string[],
  since: Date,
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('credit_ledger')
    .select((eb) => [
      eb.fn.coalesce('member_user_id', 'user_id').as('maker'),
      eb.fn.sum<number | string | null>('delta').as('total'),
    ])
    .where('kind', 'in', ['spend', 'refund'])
    .where('created_at', '>=', since.toISOString())
    .where((eb) =>
      eb.or([
        eb('member_user_id', 'in', userIds),
        eb.and([eb('member_user_id', 'is', null), eb('user_id', 'in', userIds)]),
      ]),
    )
    .groupBy((eb) => eb.fn.coalesce('member_user_id', 'user_id'))
    .execute();
  return new Map(rows.map((row) => [row.maker, -Number(row.total ?? 0)]));
}
