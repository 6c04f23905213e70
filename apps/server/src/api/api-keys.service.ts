import { randomUUID } from 'node:crypto';
import type { ApiKeySummary, ApiKeysView, CreateApiKeyBody, CreatedApiKey } from '@reframe/shared';
import type { Kysely } from 'kysely';
import { toIsoString } from '../platform/db/column-types';
import type { DB } from '../platform/db/types';
import { AppError } from '../platform/http/app-error';
import { apiAccountFor, type ApiAccount } from './api-access';
import { newKeySecret } from './api-key-secrets';
import { insertApiKey, listActiveKeys, revokeKey } from './api-keys.repo';
import type { ApiKeyRow } from './api.tables';

function toSummary(row: ApiKeyRow): ApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    mode: row.mode,
    prefix: row.prefix,
    createdAt: toIsoString(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : toIsoString(row.last_used_at),
  };
}

/** Settings → API keys (issue 30): the keys of the account (or team) the user manages. */
export function createApiKeysService(deps: { db: Kysely<DB> }) {
  const { db } = deps;

  async function accountOf(userId: string): Promise<ApiAccount> {
    const account = await apiAccountFor(db, userId);
    if (!account) throw new AppError('API_KEYS_NOT_ALLOWED', 403);
    return account;
  }

  return {
    async list(userId: string): Promise<ApiKeysView> {
      const { accountUserId } = await accountOf(userId);
      return { keys: (await listActiveKeys(db, accountUserId)).map(toSummary) };
    },

    /** The whole key is in the answer, this once; only its hash is kept. */
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
      await insertApiKey(db, row);
      return { key: toSummary(row), secret };
    },

    async revoke(userId: string, keyId: string): Promise<void> {
      const { accountUserId } = await accountOf(userId);
      if (!(await revokeKey(db, accountUserId, keyId, new Date()))) {
        throw new AppError('NOT_FOUND', 404);
      }
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
