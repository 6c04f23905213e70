import type { UsageStats } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  asView,
  expertOwner,
  joinedMember,
  runOnePhoto,
  teamOf,
  type Person,
} from '../helpers/team';

async function billingFigure(who: Person): Promise<number> {
  const response = await who.client.post('/api/callables/getUsageStats', { data: null });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: UsageStats }>().data.creditsUsedThisMonth;
}

async function teamFigures(who: Person): Promise<[string, number][]> {
  const view = asView(await teamOf(who.client));
  return view.members.map((member) => [member.name, member.creditsUsedThisMonth]);
}

/** Moves a spend into the previous calendar month (UTC), as if it had been made then. */
async function moveToLastMonth(t: TestApp, predictionId: string) {
  const now = new Date();
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
  await t.database.db
    .updateTable('credit_ledger')
    .set({ created_at: lastMonth.toISOString() })
    .where('idempotency_key', '=', `prediction:${predictionId}`)
    .execute();
}

/**
 * "Credits used this month" (issue 41): Billing and Team show one figure per person, from one
 * query: the credits they made runs with since the calendar month began, from their own balance
 * or from the team's pool.
 */
describe('credits used this month', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is the same on Billing and on Team, for the owner and for a member', async () => {
    const owner = await expertOwner(t, 'Uma Owner');
    // Before the team exists: spent from the owner's own balance, not yet from a pool.
    const older = await runOnePhoto(t, owner, 'last-month.png');
    await runOnePhoto(t, owner, 'before-team.png');
    const member = await joinedMember(t, owner, 'Max Member');
    await runOnePhoto(t, owner, 'owner-in-team.png');
    await runOnePhoto(t, member, 'member-1.png');
    await runOnePhoto(t, member, 'member-2.png');
    await runOnePhoto(t, member, 'member-3.png');
    await moveToLastMonth(t, older.id);

    const expected: [string, number][] = [
      ['Uma Owner', 2],
      ['Max Member', 3],
    ];
    expect(await teamFigures(owner)).toEqual(expected);
    expect(await teamFigures(member)).toEqual(expected);
    expect([await billingFigure(owner), await billingFigure(member)]).toEqual([2, 3]);
  });
});
