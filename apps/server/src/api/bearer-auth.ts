import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/types';
import { AppError } from '../platform/http/app-error';
import type { ApiKeyRow } from './api.tables';
import { keyStandsForItsMaker } from './api-access';
import { bearerKey, hashKeySecret } from './api-key-secrets';
import { findActiveKeyByHash, touchKey } from './api-keys.repo';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key a /v1 request was made with, set by the bearer guard. */
    apiKey: ApiKeyRow | null;
  }
}

/**
 * preHandler for /v1 (issue 30): `Authorization: Bearer rf_…`, looked up by its hash. Missing,
 * malformed, unknown and revoked keys all get the same 401; a key whose maker lost the rights it
 * was made with gets 401 API_KEY_SUSPENDED (issue 39). Cookies play no part.
 */
export function createBearerGuard(db: Kysely<DB>) {
  return async function requireApiKey(request: FastifyRequest, _reply: FastifyReply) {
    const secret = bearerKey(request.headers.authorization);
    const key = secret ? await findActiveKeyByHash(db, hashKeySecret(secret)) : undefined;
    if (!key) throw new AppError('API_UNAUTHORIZED', 401);
    if (!(await keyStandsForItsMaker(db, key))) throw new AppError('API_KEY_SUSPENDED', 401);
    request.apiKey = key;
    await touchKey(db, key.id, new Date());
  };
}

/** The key set by the bearer guard; throws if a route forgot it. */
export function currentKey(request: FastifyRequest): ApiKeyRow {
  if (!request.apiKey) throw new Error(`${request.url} has no bearer guard`);
  return request.apiKey;
}
