import type { Generated, Selectable } from 'kysely';
import type { Timestamp } from '../../platform/db/types';

/** The tables of migration 0018-api-webhooks. */
export interface ApiWebhookSecretTable {
  /** The account whose keys the secret signs for: the team's owner inside a team. */
  account_user_id: string;
  /** "whsec_" + base64 of 24 random bytes; shown in Settings, never logged. */
  secret: string;
  created_at: Timestamp;
}

/** One settled expansion to POST to its `webhook_url`; its id is the `webhook-id` of every try. */
export interface ApiWebhookDeliveryTable {
  id: string;
  account_user_id: string;
  expansion_id: string;
  url: string;
  /** The JSON body sent, the same bytes on every attempt. */
  body: string;
  created_at: Timestamp;
  delivered_at: Timestamp | null;
  /** When the next attempt may run; the first is at once. */
  next_attempt_at: Timestamp;
  attempts: Generated<number>;
  last_status: number | null;
  last_error: string | null;
  /** Set once the retry window has passed without a 2xx. */
  gave_up_at: Timestamp | null;
}

/** Every attempt, whatever its outcome. */
export interface ApiWebhookAttemptTable {
  delivery_id: string;
  attempted_at: Timestamp;
  /** The receiver's HTTP status; null when no answer came (refused address, network, time-out). */
  status: number | null;
  error: string | null;
  duration_ms: number;
}

/** A receiver's host whose last attempts timed out in a row (migration 0020-webhook-hosts). */
export interface ApiWebhookHostTable {
  /** The URL's hostname, lower-case: every port and path of it counts as one receiver. */
  host: string;
  /** Attempts in a row that got no answer in time; the row goes when the host answers. */
  timeouts: number;
  /** No attempt goes to the host before this (host-backoff.ts); null below the threshold. */
  backoff_until: Timestamp | null;
}

export type ApiWebhookDeliveryRow = Selectable<ApiWebhookDeliveryTable>;

declare module '../../platform/db/types' {
  interface DB {
    api_webhook_secret: ApiWebhookSecretTable;
    api_webhook_delivery: ApiWebhookDeliveryTable;
    api_webhook_attempt: ApiWebhookAttemptTable;
    api_webhook_host: ApiWebhookHostTable;
  }
}
