import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBalance, type CreditsDb } from '../../src/credits/credits.repo';
import {
  grantCredits,
  refundCredit,
  spendCredit,
  topUpCredits,
} from '../../src/credits/credits.service';
import { isUniqueViolation } from '../../src/platform/db/unique-violation';
import { signUp } from '../helpers/accounts';
import { ledgerOf } from '../helpers/ledger';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { userIdOf } from './billing-helpers';

let t: TestApp;

async function newUserId(): Promise<string> {
  const { email } = await signUp(t);
  return userIdOf(t, email);
}

/** Runs one change in a transaction of its own, as a caller of the credits module does. */
function inTransaction<T>(change: (trx: CreditsDb) => Promise<T>): Promise<T> {
  return t.database.db.transaction().execute(change);
}

const spend = (userId: string, key: string) =>
  inTransaction((trx) => spendCredit(trx, { userId, key, now: new Date() }));
const refund = (userId: string, spendKey: string) =>
  inTransaction((trx) => refundCredit(trx, { userId, spendKey, now: new Date() }));
const balanceOf = (userId: string) => getBalance(t.database.db, userId);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('spendCredit', () => {
  it('takes one credit and writes one ledger row with its key', async () => {
    const userId = await newUserId();
    await expect(spend(userId, 'job-1:16:9')).resolves.toEqual({ status: 'spent', balance: 4 });
    const spends = (await ledgerOf(t, userId)).filter((row) => row.kind === 'spend');
    expect(spends).toEqual([
      { delta: -1, kind: 'spend', balance_after: 4, idempotency_key: 'job-1:16:9' },
    ]);
  });

  it('spends once for a key however often it is called', async () => {
    const userId = await newUserId();
    await spend(userId, 'same-key');
    await expect(spend(userId, 'same-key')).resolves.toEqual({ status: 'duplicate', balance: 4 });
    const racing = await Promise.allSettled(
      Array.from({ length: 5 }, () => spend(userId, 'same-key')),
    );
    // A twin either sees the key, or loses on the ledger's unique index and rolls back.
    for (const result of racing) {
      if (result.status === 'fulfilled') expect(result.value.status).toBe('duplicate');
      else expect(isUniqueViolation(result.reason)).toBe(true);
    }
    expect(await balanceOf(userId)).toBe(4);
  });

  it('lets exactly one of 20 concurrent spends through with 1 credit left', async () => {
    const userId = await newUserId();
    for (let i = 0; i < 4; i += 1) await spend(userId, `warm-up-${i}`);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => spend(userId, `race-${i}`)),
    );
    expect(results.filter((r) => r.status === 'spent')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'insufficient')).toHaveLength(19);
    expect(await balanceOf(userId)).toBe(0);
    const spends = (await ledgerOf(t, userId)).filter((row) => row.kind === 'spend');
    expect(spends).toHaveLength(5);
  });

  it('refuses to go below zero', async () => {
    const userId = await newUserId();
    for (let i = 0; i < 5; i += 1) await spend(userId, `all-${i}`);
    await expect(spend(userId, 'one-more')).resolves.toEqual({
      status: 'insufficient',
      balance: 0,
    });
  });
});

describe('refundCredit', () => {
  it('gives back a spent credit once, and nothing for a spend that never happened', async () => {
    const userId = await newUserId();
    await spend(userId, 'job-9');
    await expect(refund(userId, 'job-9')).resolves.toEqual({ status: 'refunded', balance: 5 });
    await expect(refund(userId, 'job-9')).resolves.toEqual({ status: 'duplicate', balance: 5 });
    expect(await balanceOf(userId)).toBe(5);
    await expect(refund(userId, 'never-spent')).resolves.toEqual({ status: 'not-spent' });
  });

  it('does not refund another user’s spend', async () => {
    const owner = await newUserId();
    const other = await newUserId();
    await spend(owner, 'owner-job');
    await expect(refund(other, 'owner-job')).resolves.toEqual({ status: 'not-spent' });
    expect(await balanceOf(other)).toBe(5);
  });
});

describe('grantCredits', () => {
  const grant = (userId: string, amount: number, key: string) =>
    inTransaction((trx) =>
      grantCredits(trx, { userId, amount, kind: 'grant', key, now: new Date() }),
    );

  it('adds credits once per key and records the balance after', async () => {
    const userId = await newUserId();
    await expect(grant(userId, 10, 'promo-1')).resolves.toEqual({
      status: 'granted',
      balance: 15,
      delta: 10,
    });
    await expect(grant(userId, 10, 'promo-1')).resolves.toMatchObject({
      status: 'duplicate',
      balance: 15,
    });
    expect(await balanceOf(userId)).toBe(15);
  });

  it('rejects a negative or fractional amount', async () => {
    const userId = await newUserId();
    await expect(grant(userId, -1, 'bad')).rejects.toThrow(RangeError);
    await expect(grant(userId, 1.5, 'bad-2')).rejects.toThrow(RangeError);
  });

  it('records the sign-up grant in the ledger', async () => {
    const userId = await newUserId();
    expect(await ledgerOf(t, userId)).toEqual([
      { delta: 5, kind: 'grant', balance_after: 5, idempotency_key: `signup:${userId}` },
    ]);
  });
});

describe('topUpCredits', () => {
  const topUp = (userId: string, target: number, key: string) =>
    inTransaction((trx) =>
      topUpCredits(trx, { userId, target, kind: 'renewal', key, now: new Date() }),
    );

  it('tops the balance up to the target once per key, and never takes credits away', async () => {
    const userId = await newUserId();
    for (let i = 0; i < 3; i += 1) await spend(userId, `top-up-spend-${i}`);
    await expect(topUp(userId, 5, 'period-1')).resolves.toEqual({
      status: 'granted',
      balance: 5,
      delta: 3,
    });
    await expect(topUp(userId, 5, 'period-1')).resolves.toMatchObject({ status: 'duplicate' });
    await expect(topUp(userId, 2, 'period-2')).resolves.toEqual({
      status: 'granted',
      balance: 5,
      delta: 0,
    });
    expect(await balanceOf(userId)).toBe(5);
  });
});
