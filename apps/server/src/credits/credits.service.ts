import { balanceAfterTopUp, balanceAfterUpgrade } from '@reframe/shared';
import type { CreditLedgerKind } from '../platform/db/types';
import {
  addCredits,
  findLedgerEntryByKey,
  getBalance,
  insertLedgerEntry,
  sumSpentCredits,
  sumCreditsUsedByMakers,
  takeCredits,
  takeOneCredit,
  type CreditsDb,
} from './credits.repo';

/**
 * Every change to a balance goes through here: inside the caller's transaction (so the change
 * commits with what it pays for), keyed (a key already in the ledger answers `duplicate` and
 * changes nothing) and recorded as one ledger row with the balance it left. Two transactions
 * racing with one key: the second fails on the ledger's unique index and rolls back.
 */
export type SpendResult =
  | { status: 'spent'; balance: number }
  | { status: 'insufficient'; balance: number }
  | { status: 'duplicate'; balance: number };
export type RefundResult =
  | { status: 'refunded'; balance: number }
  | { status: 'not-spent' }
  | { status: 'duplicate'; balance: number };
export type GrantResult = { status: 'granted' | 'duplicate'; balance: number; delta: number };

export interface BalanceChange {
  userId: string;
  /** The change's idempotency key: one ledger row per key, ever. */
  key: string;
  now: Date;
}

/**
 * A spend charged to a team's pool: `userId` of the change is then the team's owner, whose
 * balance is the pool, and the ledger row also names the team and the member who spent.
 */
export interface TeamCharge {
  teamId: string;
  memberUserId: string;
}

export class UnknownUserError extends Error {
  constructor(userId: string) {
    super(`No profile for user ${userId}`);
    this.name = 'UnknownUserError';
  }
}

/** The key of the refund of the spend keyed `spendKey`. */
function refundKeyFor(spendKey: string): string {
  return `refund:${spendKey}`;
}

async function duplicateOf(trx: CreditsDb, key: string) {
  const entry = await findLedgerEntryByKey(trx, key);
  return entry ? { status: 'duplicate' as const, balance: entry.balance_after } : null;
}

/** Takes one credit if one is left. */
export async function spendCredit(
  trx: CreditsDb,
  change: BalanceChange & { team?: TeamCharge | null },
): Promise<SpendResult> {
  const { userId, key, now, team } = change;
  const duplicate = await duplicateOf(trx, key);
  if (duplicate) return duplicate;
  const balance = await takeOneCredit(trx, userId, now);
  if (balance === undefined) {
    const current = await getBalance(trx, userId);
    if (current === undefined) throw new UnknownUserError(userId);
    return { status: 'insufficient', balance: current };
  }
  await insertLedgerEntry(trx, {
    userId,
    delta: -1,
    kind: 'spend',
    key,
    balanceAfter: balance,
    now,
    team,
  });
  return { status: 'spent', balance };
}

/**
 * Takes one credit per key, all of them or none (a bulk run is paid for whole): one spend row per
 * key, each refundable on its own like any spend.
 */
export async function spendCredits(
  trx: CreditsDb,
  change: { userId: string; keys: readonly string[]; now: Date; team?: TeamCharge | null },
): Promise<{ status: 'spent' | 'insufficient'; balance: number }> {
  const { userId, keys, now, team } = change;
  const balance = await takeCredits(trx, userId, keys.length, now);
  if (balance === undefined) {
    const current = await getBalance(trx, userId);
    if (current === undefined) throw new UnknownUserError(userId);
    return { status: 'insufficient', balance: current };
  }
  let balanceAfter = balance + keys.length;
  for (const key of keys) {
    balanceAfter -= 1;
    await insertLedgerEntry(trx, {
      userId,
      delta: -1,
      kind: 'spend',
      key,
      balanceAfter,
      now,
      team,
    });
  }
  return { status: 'spent', balance };
}

/** Gives back the credit taken by the user's spend keyed `spendKey`, at most once. */
export async function refundCredit(
  trx: CreditsDb,
  refund: { userId: string; spendKey: string; now: Date },
): Promise<RefundResult> {
  const spend = await findLedgerEntryByKey(trx, refund.spendKey);
  if (!spend || spend.user_id !== refund.userId) return { status: 'not-spent' };
  return refundSpend(trx, refund);
}

/**
 * Gives back the credit taken by the spend keyed `spendKey` to whoever was charged: the maker's
 * own balance, or the pool of the team it was charged to (issue 26). At most once.
 */
export async function refundSpend(
  trx: CreditsDb,
  refund: { spendKey: string; now: Date },
): Promise<RefundResult> {
  const { spendKey, now } = refund;
  const spend = await findLedgerEntryByKey(trx, spendKey);
  if (!spend || spend.kind !== 'spend') return { status: 'not-spent' };
  const key = refundKeyFor(spendKey);
  const duplicate = await duplicateOf(trx, key);
  if (duplicate) return duplicate;
  const userId = spend.user_id;
  const balance = await addCredits(trx, userId, 1, now);
  if (balance === undefined) throw new UnknownUserError(userId);
  await insertLedgerEntry(trx, {
    userId,
    delta: 1,
    kind: 'refund',
    key,
    balanceAfter: balance,
    now,
    team:
      spend.team_id && spend.member_user_id
        ? { teamId: spend.team_id, memberUserId: spend.member_user_id }
        : null,
  });
  return { status: 'refunded', balance };
}

/** Adds `amount` credits (sign-up, purchase, renewal). */
export async function grantCredits(
  trx: CreditsDb,
  grant: BalanceChange & { amount: number; kind: Exclude<CreditLedgerKind, 'spend' | 'refund'> },
): Promise<GrantResult> {
  const { userId, key, now, amount, kind } = grant;
  if (!Number.isInteger(amount) || amount < 0) throw new RangeError('amount must be >= 0');
  const duplicate = await duplicateOf(trx, key);
  if (duplicate) return { ...duplicate, delta: 0 };
  const balance = await addCredits(trx, userId, amount, now);
  if (balance === undefined) throw new UnknownUserError(userId);
  await insertLedgerEntry(trx, { userId, delta: amount, kind, key, balanceAfter: balance, now });
  return { status: 'granted', balance, delta: amount };
}

/**
 * Tops the balance up to `target` (a plan's monthly credits); never takes credits away. The
 * change is recorded even when it is zero, so the key marks the period as renewed.
 */
export async function topUpCredits(
  trx: CreditsDb,
  topUp: BalanceChange & { target: number; kind: 'renewal' | 'purchase' },
): Promise<GrantResult> {
  const duplicate = await duplicateOf(trx, topUp.key);
  if (duplicate) return { ...duplicate, delta: 0 };
  const balance = await getBalance(trx, topUp.userId);
  if (balance === undefined) throw new UnknownUserError(topUp.userId);
  const amount = balanceAfterTopUp(balance, topUp.target) - balance;
  return grantCredits(trx, { ...topUp, amount });
}

/** A user's balance (a team's pool is its owner's); 0 for a user with no profile. */
export async function balanceOf(db: CreditsDb, userId: string): Promise<number> {
  return (await getBalance(db, userId)) ?? 0;
}

/**
 * Adds a plan's credits to the balance on an upgrade from a paid plan: the unused credits were
 * paid for and carry over (issue 41). One ledger row, keyed by the invoice that paid for it.
 */
export async function addUpgradeCredits(
  trx: CreditsDb,
  upgrade: BalanceChange & { planCredits: number },
): Promise<GrantResult> {
  const duplicate = await duplicateOf(trx, upgrade.key);
  if (duplicate) return { ...duplicate, delta: 0 };
  const balance = await getBalance(trx, upgrade.userId);
  if (balance === undefined) throw new UnknownUserError(upgrade.userId);
  const amount = balanceAfterUpgrade(balance, upgrade.planCredits) - balance;
  return grantCredits(trx, { ...upgrade, amount, kind: 'purchase' });
}

/** Credits spent and not refunded, over the account's whole life. */
export function usedCredits(db: CreditsDb, userId: string): Promise<number> {
  return sumSpentCredits(db, userId);
}

/**
 * Where "this month" starts for "Credits used this month", on Billing and on Team alike: the
 * first day of the calendar month, UTC. Spends are stamped with real time, so `now` is too.
 */
export function startOfUsageMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * Credits each user made runs with this month (spends less refunds), whichever balance paid: their
 * own or a team's pool. The one source of "Credits used this month" for Billing and Team.
 */
export async function creditsUsedThisMonth(
  db: CreditsDb,
  userIds: readonly string[],
  now: Date,
): Promise<(userId: string) => number> {
  const used = await sumCreditsUsedByMakers(db, userIds, startOfUsageMonth(now));
  return (userId) => used.get(userId) ?? 0;
}
