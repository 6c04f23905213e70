import type { Bool, Timestamp } from '../platform/db/types';

/** The tables of migration 0004-billing. */
export interface BillingAccountTable {
  user_id: string;
  customer_id: string | null;
  subscription_id: string | null;
  plan_id: string;
  scheduled_plan_id: string | null;
  cancel_at_period_end: Bool;
  period_start: Timestamp;
  period_end: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProcessedWebhookEventTable {
  event_id: string;
  type: string;
  processed_at: Timestamp;
}

export interface UsageEventTable {
  id: string;
  user_id: string;
  operation_type: string;
  created_at: Timestamp;
}

export interface JobLeaseTable {
  name: string;
  holder: string;
  leased_until: Timestamp;
}

export interface BillingTables {
  billing_account: BillingAccountTable;
  processed_webhook_event: ProcessedWebhookEventTable;
  usage_event: UsageEventTable;
  job_lease: JobLeaseTable;
}

// Billing's tables join the app's database type here, beside their migration's owner.
declare module '../platform/db/types' {
  interface DB {
    billing_account: BillingAccountTable;
    processed_webhook_event: ProcessedWebhookEventTable;
    usage_event: UsageEventTable;
    job_lease: JobLeaseTable;
  }
}
