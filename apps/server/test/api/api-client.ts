import type { CreatedApiKey, Expansion } from '@reframe/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestClient } from '../helpers/client';
import { waitFor } from '../helpers/poll';
import type { TestApp } from '../helpers/test-app';
import { multipartBody, type FilePart } from '../resizer/resizer-client';

/** Creates a key in Settings' route, as the API keys screen does. */
export async function createKey(
  client: TestClient,
  mode: 'live' | 'test' = 'live',
  name = 'Catalogue sync',
): Promise<CreatedApiKey> {
  const response = await client.post('/api/api-keys', { name, mode });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedApiKey>();
}

/** A script's request: a Bearer key, no cookie, no Origin. */
export function v1(
  t: TestApp,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  options: { secret?: string; headers?: Record<string, string>; payload?: Buffer } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: {
      ...(options.secret ? { authorization: `Bearer ${options.secret}` } : {}),
      ...options.headers,
    },
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

export interface ExpansionPost {
  image?: FilePart;
  fields?: [name: string, value: string][];
  idempotencyKey?: string;
  headers?: Record<string, string>;
}

/** POST /v1/expansions as curl -F would send it. */
export function postExpansion(
  t: TestApp,
  secret: string,
  post: ExpansionPost,
): Promise<LightMyRequestResponse> {
  const parts: FilePart[] = [
    ...(post.fields ?? []).map(([name, value]) => ({
      fieldName: name,
      bytes: Buffer.from(value),
      contentType: 'text/plain',
    })),
    ...(post.image ? [{ fieldName: 'image', ...post.image }] : []),
  ];
  const { body, contentType } = multipartBody(parts);
  return v1(t, 'POST', '/v1/expansions', {
    secret,
    payload: body,
    headers: {
      'content-type': contentType,
      ...(post.idempotencyKey ? { 'idempotency-key': post.idempotencyKey } : {}),
      ...post.headers,
    },
  });
}

/** Polls GET /v1/expansions/{id} every 100 ms until it settles. */
export async function pollExpansion(
  t: TestApp,
  secret: string,
  id: string,
  timeoutMs = 120_000,
): Promise<Expansion> {
  return waitFor(
    async () => {
      const response = await v1(t, 'GET', `/v1/expansions/${id}`, { secret });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Expansion>();
    },
    {
      what: `expansion ${id} to settle`,
      until: (expansion) => expansion.settled_at !== null,
      timeoutMs,
      intervalMs: 100,
    },
  );
}
