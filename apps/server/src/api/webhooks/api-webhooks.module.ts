import type { FastifyInstance } from 'fastify';
import { webhookSecretRoutes } from './webhook-secret.routes';
import {
  createWebhookDeliveryHandler,
  resumeOpenDeliveries,
  type DeliveryDeps,
} from './webhook-delivery';

/** Signed webhooks of the public API: the secret's routes, the delivery job and its recovery. */
export function createApiWebhooks(deps: DeliveryDeps) {
  const plugin: (app: FastifyInstance) => void = webhookSecretRoutes(deps);
  return {
    plugin,
    handleDeliver: createWebhookDeliveryHandler(deps),
    /** After a restart on the in-process queue: the open deliveries' next attempts. */
    resume: () => resumeOpenDeliveries(deps),
  };
}
