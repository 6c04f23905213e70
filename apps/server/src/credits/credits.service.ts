import type { CreditLedgerKind } from '../db/types';
import { isUniqueViolation } from '../db/unique-violation';
import type { Clock } from '../billing/clock';
import {
  addCredits,
  findLedgerEntryByKey,
  getBalance,
  insertLedgerEntry,
  takeOneCredit,
  type CreditsDb,
} from './credits.repo';

/**
 * Every change to a balance: one transaction, one ledger row, one idempotency key. A key that
 * was already used answers `duplicate` with the balance it left, and changes nothing.
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

export class UnknownUserError extends Error {
  constructor(userId: string) {
    super(`No profile for user ${userId}`);
    this.name = 'UnknownUserError';
  }
}

export function refundKeyFor(spendKey: string): string {
  return `refund:${spendKey}`;
}

export function createCreditsService(deps: { db: CreditsDb; clock: Clock }) {
  const { db, clock } = deps;

  /** Runs one keyed change; a concurrent twin with the same key loses on the unique index. */
  async function keyed<T>(key: string, apply: () => Promise<T>, onDuplicate: () => Promise<T>) {
    if (await findLedgerEntryByKey(db, key)) return onDuplicate();
    try {
      return await apply();
    } catch (error) {
      if (isUniqueViolation(error) && (await findLedgerEntryByKey(db, key))) return onDuplicate();
      throw error;
    }
  }

  const duplicate = async (key: string) => ({
    status: 'duplicate' as const,
    balance: (await findLedgerEntryByKey(db, key))?.balance_after ?? 0,
  });

  async function spendCredit(userId: string, idempotencyKey: string): Promise<SpendResult> {
    return keyed<SpendResult>(
      idempotencyKey,
      () =>
        db.transaction().execute(async (trx) => {
          const now = clock.now();
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
            idempotencyKey,
            balanceAfter: balance,
            now,
          });
          return { status: 'spent', balance };
        }),
      () => duplicate(idempotencyKey),
    );
  }

  /** Gives back the credit taken by the spend with `spendKey`, at most once. */
  async function refundCredit(userId: string, spendKey: string): Promise<RefundResult> {
    const spend = await findLedgerEntryByKey(db, spendKey);
    if (!spend || spend.kind !== 'spend' || spend.user_id !== userId)
      return { status: 'not-spent' };
    const key = refundKeyFor(spendKey);
    return keyed<RefundResult>(
      key,
      () =>
        db.transaction().execute(async (trx) => {
          const now = clock.now();
          const balance = await addCredits(trx, userId, 1, now);
          if (balance === undefined) throw new UnknownUserError(userId);
          await insertLedgerEntry(trx, {
            userId,
            delta: 1,
            kind: 'refund',
            idempotencyKey: key,
            balanceAfter: balance,
            now,
          });
          return { status: 'refunded', balance };
        }),
      () => duplicate(key),
    );
  }

  async function grantCredits(
    userId: string,
    amount: number,
    kind: Extract<CreditLedgerKind, 'grant' | 'renewal' | 'purchase'>,
    idempotencyKey: string,
  ): Promise<GrantResult> {
    if (!Number.isInteger(amount) || amount < 0) throw new RangeError('amount must be >= 0');
    return keyed<GrantResult>(
      idempotencyKey,
      () =>
        db
          .transaction()
          .execute((trx) =>
            applyGrant(trx, { userId, amount, kind, idempotencyKey, now: clock.now() }),
          ),
      async () => ({ ...(await duplicate(idempotencyKey)), delta: 0 }),
    );
  }

  return {
    spendCredit,
    refundCredit,
    grantCredits,
    getBalance: (userId: string) => getBalance(db, userId),
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;

/** Adds credits inside the caller's transaction and writes the ledger row. */
export async function applyGrant(
  trx: CreditsDb,
  grant: {
    userId: string;
    amount: number;
    kind: CreditLedgerKind;
    idempotencyKey: string;
    now: Date;
  },
): Promise<GrantResult> {
  const balance = await addCredits(trx, grant.userId, grant.amount, grant.now);
  if (balance === undefined) throw new UnknownUserError(grant.userId);
  await insertLedgerEntry(trx, {
    userId: grant.userId,
    delta: grant.amount,
    kind: grant.kind,
    idempotencyKey: grant.idempotencyKey,
    balanceAfter: balance,
    now: grant.now,
  });
  return { status: 'granted', balance, delta: grant.amount };
}

/**
 * Tops the balance up to `target` inside the caller's transaction (never takes credits away),
 * recording the change, zero included, under `idempotencyKey`. Returns null if the key was used.
 */
export async function topUpTo(
  trx: CreditsDb,
  topUp: {
    userId: string;
    target: number;
    kind: CreditLedgerKind;
    idempotencyKey: string;
    now: Date;
  },
): Promise<GrantResult | null> {
  if (await findLedgerEntryByKey(trx, topUp.idempotencyKey)) return null;
  const balance = await getBalance(trx, topUp.userId);
  if (balance === undefined) throw new UnknownUserError(topUp.userId);
  return applyGrant(trx, { ...topUp, amount: Math.max(0, topUp.target - balance) });
}
