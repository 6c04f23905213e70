import { getPlan } from '@reframe/shared';
import type { Kysely } from 'kysely';
import { grantCredits } from '../credits/credits.service';
import type { DB } from '../platform/db/types';
import type { AccountCallbacks } from '../auth/auth';
import {
  deleteUserWithoutProfile,
  insertProfile,
  isDeletedAddress,
  updateProfileEmail,
} from './account.repo';
import { addressDigest } from './deleted-address';

/**
 * Creates the profile and its sign-up grant, the free tier's credits (ledger row
 * `signup:{userId}`), in one transaction. The grant is once per address: an address whose account
 * was deleted before (`addressDigest`) starts with no credits.
 */
async function createProfileWithSignupGrant(
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

/**
 * The account's side of auth's users (app.ts hands it to auth): a new user gets their profile and
 * sign-up grant, or is deleted again so the sign-up fails whole; a changed email follows into the
 * profile.
 */
export function accountCallbacks(db: Kysely<DB>, authSecret: string): AccountCallbacks {
  return {
    async userCreated(user) {
      try {
        await createProfileWithSignupGrant(db, user, addressDigest(authSecret, user.email));
      } catch (error) {
        await deleteUserWithoutProfile(db, user.id);
        throw error;
      }
    },
    userUpdated: (user) => updateProfileEmail(db, user.id, user.email),
  };
}
