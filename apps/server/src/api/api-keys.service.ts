import { randomUUID } from 'node:crypto';
import {
  TEST_KEYS_PER_ACCOUNT,
  type ApiKeySummary,
  type ApiKeysView,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from '@reframe/shared';
import type { Kysely } from 'kysely';
import { toIsoString } from '../platform/db/column-types';
import type { DB } from '../platform/db/types';
import { AppError } from '../platform/http/app-error';
import { apiAccountFor, keyStandsForItsMaker, type ApiAccount } from './api-access';
import { newKeySecret } from './api-key-secrets';
import {
  countActiveTestKeys,
  insertApiKey,
  listActiveKeys,
  lockAccountKeys,
  revokeKey,
} from './api-keys.repo';
import type { ApiKeyRow } from './api.tables';

function toSummary(row: ApiKeyRow, suspended: boolean): ApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    mode: row.mode,
    prefix: row.prefix,
    createdAt: toIsoString(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : toIsoString(row.last_used_at),
    suspended,
  };
}

/**
 * Settings → API keys (issue 30): the keys of the account (or team) the user manages. Whatever
 * their plan or role now, a user also sees and may revoke the keys of their own account (issue
 * 39): a plan that ended or a team joined suspends them, it never hides them.
 */
export function createApiKeysService(deps: { db: Kysely<DB> }) {
  const { db } = deps;

  async function accountOf(userId: string): Promise<ApiAccount> {
    const account = await apiAccountFor(db, userId);
    if (!account) throw new AppError('API_KEYS_NOT_ALLOWED', 403);
    return account;
  }

  /** The accounts whose keys the user may list and revoke: their own, and the one they manage. */
  async function revocableAccounts(userId: string) {
    const account = await apiAccountFor(db, userId);
    const accounts = [...new Set([userId, ...(account ? [account.accountUserId] : [])])];
    return { account, accounts };
  }

  async function summaries(rows: readonly ApiKeyRow[]): Promise<ApiKeySummary[]> {
    return Promise.all(
      rows.map(async (row) => toSummary(row, !(await keyStandsForItsMaker(db, row)))),
    );
  }

  return {
    async list(userId: string): Promise<ApiKeysView> {
      const { account, accounts } = await revocableAccounts(userId);
      const rows = await listActiveKeys(db, accounts);
      if (!account && rows.length === 0) throw new AppError('API_KEYS_NOT_ALLOWED', 403);
      return { keys: await summaries(rows), canCreate: account !== null };
    },

    /**
     * The whole key is in the answer, this once; only its hash is kept. Test keys are counted
     * under the account's lock, so parallel requests never pass TEST_KEYS_PER_ACCOUNT.
     */
    async create(userId: string, body: CreateApiKeyBody): Promise<CreatedApiKey> {
      const { accountUserId, teamId } = await accountOf(userId);
      const { secret, prefix, hash } = newKeySecret(body.mode);
      const row = {
        id: randomUUID(),
        account_user_id: accountUserId,
        team_id: teamId,
        created_by_user_id: userId,
        name: body.name,
        mode: body.mode,
        prefix,
        secret_hash: hash,
        created_at: new Date().toISOString(),
        last_used_at: null,
        revoked_at: null,
      } satisfies ApiKeyRow;
      await db.transaction().execute(async (trx) => {
        if (body.mode === 'test') {
          await lockAccountKeys(trx, accountUserId);
          if ((await countActiveTestKeys(trx, accountUserId)) >= TEST_KEYS_PER_ACCOUNT) {
            throw new AppError('API_TEST_KEYS_LIMIT', 409);
          }
        }
        await insertApiKey(trx, row);
      });
      return { key: toSummary(row, false), secret };
    },

    async revoke(userId: string, keyId: string): Promise<void> {
      const { accounts } = await revocableAccounts(userId);
      if (!(await revokeKey(db, accounts, keyId, new Date()))) {
        throw new AppError('NOT_FOUND', 404);
      }
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
