import type { TestApp } from './test-app';

/** The user's credit ledger, oldest first. */
export function ledgerOf(t: TestApp, userId: string) {
  return t.database.db
    .selectFrom('credit_ledger')
    .select(['delta', 'kind', 'balance_after', 'idempotency_key'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}
