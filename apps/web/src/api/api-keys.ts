import {
  apiKeysViewSchema,
  createdApiKeySchema,
  webhookSecretResponseSchema,
  type ApiKeysView,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from '@reframe/shared';
import { apiFetch } from './http';

export const apiKeysQueryKey = ['api-keys'] as const;
export const webhookSecretQueryKey = ['api-keys', 'webhook-secret'] as const;

/** GET /api/api-keys: the account's (or team's) keys; 403 for a user who may not manage them. */
export async function fetchApiKeys(): Promise<ApiKeysView> {
  return apiKeysViewSchema.parse(await apiFetch<unknown>('/api/api-keys'));
}

/** POST /api/api-keys: the new key, with its whole secret this once. */
export async function createApiKey(body: CreateApiKeyBody): Promise<CreatedApiKey> {
  return createdApiKeySchema.parse(await apiFetch<unknown>('/api/api-keys', 'POST', body));
}

/** DELETE /api/api-keys/:id: revoked at once. */
export async function revokeApiKey(id: string): Promise<void> {
  await apiFetch<unknown>(`/api/api-keys/${encodeURIComponent(id)}`, 'DELETE');
}

export async function fetchWebhookSecret(): Promise<string> {
  return webhookSecretResponseSchema.parse(await apiFetch<unknown>('/api/api-keys/webhook-secret'))
    .webhookSecret;
}

/** POST /api/api-keys/webhook-secret/rotate: webhooks are signed with the new secret from now on. */
export async function rotateWebhookSecret(): Promise<string> {
  return webhookSecretResponseSchema.parse(
    await apiFetch<unknown>('/api/api-keys/webhook-secret/rotate', 'POST'),
  ).webhookSecret;
}
