import { getPlan } from '@reframe/shared';
import type { Kysely } from 'kysely';
import { grantCredits } from '../credits/credits.service';
import type { DB } from '../platform/db/types';
import { insertProfile, isDeletedAddress } from './account.repo';

/**
 * Creates the profile and its sign-up grant, the free tier's credits (ledger row
 * `signup:{userId}`), in one transaction. The grant is once per address: an address whose account
 * was deleted before (`addressDigest`) starts with no credits.
 */
export async function createProfileWithSignupGrant(
  db: Kysely<DB>,
  user: { id: string; email: string; name: string | null | undefined },
  addressDigest: string,
): Promise<void> {
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    await insertProfile(trx, user, now);
    if (await isDeletedAddress(trx, addressDigest)) return;
    await grantCredits(trx, {
      userId: user.id,
      amount: getPlan('free').credits,
      kind: 'grant',
      key: `signup:${user.id}`,
      now,
    });
  });
}
