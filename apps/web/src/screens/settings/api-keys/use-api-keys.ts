import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiWebCopy, type ApiKeySummary, type CreateApiKeyBody } from '@reframe/shared';
import {
  apiKeysQueryKey,
  createApiKey,
  fetchApiKeys,
  fetchWebhookSecret,
  revokeApiKey,
  rotateWebhookSecret,
  webhookSecretQueryKey,
} from '../../../api/api-keys';
import { useConfirm } from '../../../components/use-confirm';
import { isNotAllowed } from './api-key-display';

/** The keys, or a 403 for a user who may not manage them: that answer is final, not retried. */
export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysQueryKey,
    queryFn: fetchApiKeys,
    retry: (failures, error) => !isNotAllowed(error) && failures < 1,
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => createApiKey(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

/** Revoke asks first in the app's confirm dialog (render it with `dialogProps`). */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  const { confirm, dialogProps } = useConfirm();
  const mutation = useMutation({
    mutationFn: (key: ApiKeySummary) => revokeApiKey(key.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
  return {
    dialogProps,
    busyId: mutation.isPending ? mutation.variables.id : null,
    error: mutation.error,
    revokedName: mutation.isSuccess ? mutation.variables.name : null,
    async revoke(key: ApiKeySummary) {
      const q = apiWebCopy.keys.confirmRevoke;
      if (await confirm({ ...q, title: q.title(key.name), danger: true })) mutation.mutate(key);
    },
  };
}

export function useWebhookSecret() {
  return useQuery({ queryKey: webhookSecretQueryKey, queryFn: fetchWebhookSecret });
}

/** Rotate asks first, then shows the new secret in place of the old one. */
export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  const { confirm, dialogProps } = useConfirm();
  const mutation = useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: (secret) => queryClient.setQueryData(webhookSecretQueryKey, secret),
  });
  return {
    dialogProps,
    busy: mutation.isPending,
    error: mutation.error,
    rotated: mutation.isSuccess,
    async rotate() {
      const q = apiWebCopy.webhook.confirmRotate;
      if (await confirm({ ...q, danger: true })) mutation.mutate();
    },
  };
}
