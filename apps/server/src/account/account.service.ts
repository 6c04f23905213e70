import type { MeResponse } from '@reframe/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { logAuthEvent } from '../auth/auth-events';
import { verifyPassword } from '../auth/password-hashing';
import type { Auth } from '../auth/auth';
import type { SessionUser } from '../auth/guards';
import { toIsoString } from '../platform/db/column-types';
import type { DB } from '../platform/db/types';
import { AppError } from '../platform/http/app-error';
import type { PasswordAction, RateLimiter } from '../platform/http/rate-limit';
import { addressDigest } from './deleted-address';
import { deleteUserAndData, getCredentialPasswordHash, getProfileForMe } from './account.repo';
import { poolBalance, spendingTeamOf } from '../team/team-access';

export interface AccountServiceDeps {
  db: Kysely<DB>;
  auth: Auth;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
  /** Keys the digest of a deleted account's address (see deleted-address.ts). */
  authSecret: string;
  /** Ends the user's paid subscriptions with the payment provider, before anything is deleted. */
  cancelSubscriptions: (userId: string) => Promise<void>;
  /** Removes the user's stored originals and results once the rows are gone. */
  deleteUserFiles?: (userId: string) => Promise<void>;
}

/** Who re-types the password: the address and the session (see passwordCheckClient). */
export interface PasswordCheckClient {
  ip: string;
  client: string;
}

export function createAccountService({
  db,
  auth,
  rateLimiter,
  log,
  authSecret,
  cancelSubscriptions,
  deleteUserFiles,
}: AccountServiceDeps) {
  /** Re-authentication, throttled like sign-in: the password typed now must match the account's. */
  async function assertCurrentPassword(
    action: PasswordAction,
    user: SessionUser,
    client: PasswordCheckClient,
    password: string,
  ): Promise<void> {
    const subject = { ...client, account: user.id };
    await rateLimiter.beforePasswordCheck(action, subject);
    const hash = await getCredentialPasswordHash(db, user.id);
    if (!hash || !(await verifyPassword({ hash, password }))) {
      throw new AppError('WRONG_CURRENT_PASSWORD', 401);
    }
    await rateLimiter.passwordAccepted(action, subject);
  }

  return {
    async getMe(user: SessionUser): Promise<MeResponse> {
      const profile = await getProfileForMe(db, user.id);
      if (!profile) throw new AppError('USER_DOCUMENT_NOT_FOUND', 404);
      // A team's member spends from its pool: that is the balance they see (issue 26).
      const team = await spendingTeamOf(db, user.id);
      return {
        user: {
          id: user.id,
          email: user.email,
          name: user.name,
          emailVerified: user.emailVerified,
        },
        settings: {
          email: profile.email,
          displayName: profile.display_name,
          credits: team ? await poolBalance(db, team.ownerId) : profile.credits,
          totalOperations: profile.total_operations,
          operationsThisMonth: profile.operations_this_month,
          subscriptionStatus: profile.subscription_status,
          createdAt: toIsoString(profile.created_at),
        },
        team: team && { ownerName: team.ownerName, role: team.role },
      };
    },

    /** Mails a link to the new address; the email changes only when that link is opened. */
    async changeEmail(
      user: SessionUser,
      client: PasswordCheckClient,
      input: { currentPassword: string; newEmail: string },
      headers: Headers,
    ): Promise<void> {
      await assertCurrentPassword('change-email', user, client, input.currentPassword);
      if (input.newEmail === user.email.toLowerCase()) throw new AppError('SAME_EMAIL', 400);
      await auth.api.changeEmail({ body: { newEmail: input.newEmail }, headers });
    },

    /** A deleted user is never charged again: subscriptions end first, or nothing is deleted. */
    async deleteAccount(
      user: SessionUser,
      client: PasswordCheckClient,
      password: string,
    ): Promise<void> {
      await assertCurrentPassword('delete-account', user, client, password);
      try {
        await cancelSubscriptions(user.id);
      } catch (error) {
        throw new AppError('CANCEL_SUBSCRIPTION_FAILED', 502, { cause: error });
      }
      await deleteUserAndData(db, user.id, addressDigest(authSecret, user.email));
      await deleteUserFiles?.(user.id);
      logAuthEvent(log, 'account.deleted', { userId: user.id, ip: client.ip });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
