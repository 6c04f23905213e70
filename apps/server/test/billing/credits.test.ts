import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdjustableClock } from '../../src/billing/clock';
import { createCreditsService, type CreditsService } from '../../src/credits/credits.service';
import { signUp } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let credits: CreditsService;

async function newUserId(): Promise<string> {
  const { email } = await signUp(t);
  const user = await t.database.db
    .selectFrom('user')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return user.id;
}

function ledgerOf(userId: string) {
  return t.database.db
    .selectFrom('credit_ledger')
    .select(['delta', 'kind', 'balance_after', 'idempotency_key'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  credits = createCreditsService({ db: t.database.db, clock: new AdjustableClock() });
});
afterAll(() => t.close());

describe('spendCredit', () => {
  it('takes one credit and writes one ledger row with its key', async () => {
    const userId = await newUserId();
    await expect(credits.spendCredit(userId, 'job-1:16:9')).resolves.toEqual({
      status: 'spent',
      balance: 4,
    });
    const spends = (await ledgerOf(userId)).filter((row) => row.kind === 'spend');
    expect(spends).toEqual([
      { delta: -1, kind: 'spend', balance_after: 4, idempotency_key: 'job-1:16:9' },
    ]);
  });

  it('spends once for a key however often it is called', async () => {
    const userId = await newUserId();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => credits.spendCredit(userId, 'same-key')),
    );
    expect(results.filter((r) => r.status === 'spent')).toHaveLength(1);
    expect(results.every((r) => r.balance === 4)).toBe(true);
    expect(await credits.getBalance(userId)).toBe(4);
  });

  it('lets exactly one of 20 concurrent spends through with 1 credit left', async () => {
    const userId = await newUserId();
    for (let i = 0; i < 4; i += 1) await credits.spendCredit(userId, `warm-up-${i}`);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => credits.spendCredit(userId, `race-${i}`)),
    );
    expect(results.filter((r) => r.status === 'spent')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'insufficient')).toHaveLength(19);
    expect(await credits.getBalance(userId)).toBe(0);
    const spends = (await ledgerOf(userId)).filter((row) => row.kind === 'spend');
    expect(spends).toHaveLength(5);
  });

  it('refuses to go below zero', async () => {
    const userId = await newUserId();
    for (let i = 0; i < 5; i += 1) await credits.spendCredit(userId, `all-${i}`);
    await expect(credits.spendCredit(userId, 'one-more')).resolves.toEqual({
      status: 'insufficient',
      balance: 0,
    });
  });
});

describe('refundCredit', () => {
  it('gives back a spent credit once, and nothing for a spend that never happened', async () => {
    const userId = await newUserId();
    await credits.spendCredit(userId, 'job-9');
    const twice = await Promise.all([
      credits.refundCredit(userId, 'job-9'),
      credits.refundCredit(userId, 'job-9'),
    ]);
    expect(twice.map((r) => r.status).sort()).toEqual(['duplicate', 'refunded']);
    expect(await credits.getBalance(userId)).toBe(5);
    await expect(credits.refundCredit(userId, 'never-spent')).resolves.toEqual({
      status: 'not-spent',
    });
  });

  it('does not refund another user’s spend', async () => {
    const owner = await newUserId();
    const other = await newUserId();
    await credits.spendCredit(owner, 'owner-job');
    await expect(credits.refundCredit(other, 'owner-job')).resolves.toEqual({
      status: 'not-spent',
    });
    expect(await credits.getBalance(other)).toBe(5);
  });
});

describe('grantCredits', () => {
  it('adds credits once per key and records the balance after', async () => {
    const userId = await newUserId();
    await expect(credits.grantCredits(userId, 10, 'grant', 'promo-1')).resolves.toEqual({
      status: 'granted',
      balance: 15,
      delta: 10,
    });
    await expect(credits.grantCredits(userId, 10, 'grant', 'promo-1')).resolves.toMatchObject({
      status: 'duplicate',
      balance: 15,
    });
    expect(await credits.getBalance(userId)).toBe(15);
  });

  it('rejects a negative or fractional amount', async () => {
    const userId = await newUserId();
    await expect(credits.grantCredits(userId, -1, 'grant', 'bad')).rejects.toThrow(RangeError);
    await expect(credits.grantCredits(userId, 1.5, 'grant', 'bad-2')).rejects.toThrow(RangeError);
  });
});
