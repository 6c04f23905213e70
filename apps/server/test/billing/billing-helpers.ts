import { expect } from 'vitest';
import type { UsageStats } from '@reframe/shared';
import type { TestClient } from '../helpers/client';
import { spendCredit } from '../../src/credits/credits.service';
import type { TestApp } from '../helpers/test-app';

/** Calls a callable as the web app does: POST /api/callables/<name> with `{ data }`. */
export async function callable(client: TestClient, name: string, data: unknown = null) {
  const response = await client.post(`/api/callables/${name}`, { data });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

export async function usageStats(client: TestClient): Promise<UsageStats> {
  const { status, body } = await callable(client, 'getUsageStats');
  expect(status).toBe(200);
  return body.data as UsageStats;
}

export async function userIdOf(t: TestApp, email: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('user')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The path of a redirect or checkout URL, for app.inject. */
export const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** Spends `count` credits of the user through the credits module, keyed `<prefix>-<i>`. */
export async function spendCredits(
  t: TestApp,
  spend: { userId: string; count: number; prefix: string; now: Date },
) {
  const { userId, count, prefix, now } = spend;
  for (let i = 0; i < count; i += 1) {
    await t.database.db
      .transaction()
      .execute((trx) => spendCredit(trx, { userId, key: `${prefix}-${i}`, now }));
  }
}
