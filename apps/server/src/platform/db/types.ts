import type { ColumnType, Generated } from 'kysely';

/** Written as an ISO string; read back as Date (PostgreSQL) or string (SQLite). */
export type Timestamp = ColumnType<Date | string, string, string>;
/** Written as a boolean (better-auth converts it for SQLite); read back as boolean or 0/1. */
export type Bool = ColumnType<boolean | number, boolean | number, boolean | number>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  email_verified: Bool;
  image: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionTable {
  id: string;
  expires_at: Timestamp;
  token: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  user_id: string;
}

export interface AccountTable {
  id: string;
  account_id: string;
  provider_id: string;
  user_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: Timestamp | null;
  refresh_token_expires_at: Timestamp | null;
  scope: string | null;
  password: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserProfileTable {
  user_id: string;
  email: string;
  display_name: string;
  credits: number;
  total_operations: Generated<number>;
  operations_this_month: Generated<number>;
  subscription_status: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type CreditLedgerKind = 'grant' | 'spend' | 'refund' | 'renewal' | 'purchase';

export interface CreditLedgerTable {
  id: string;
  user_id: string;
  delta: number;
  kind: CreditLedgerKind;
  idempotency_key: string;
  balance_after: number;
  created_at: Timestamp;
  /** The team whose pool was charged or refunded (its owner is `user_id`); null: own balance. */
  team_id: string | null;
  /** The member who made a spend charged to a team's pool (migration 0016-teams). */
  member_user_id: string | null;
}

export interface RateLimitTable {
  key: string;
  count: number;
  /** Milliseconds since the epoch; bigint in PostgreSQL, so it may come back as a string. */
  window_started_at: ColumnType<number | string, number, number>;
}

export interface ConsumedTokenTable {
  token_hash: string;
  consumed_at: Timestamp;
}

export interface DB {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  user_profile: UserProfileTable;
  credit_ledger: CreditLedgerTable;
  rate_limit: RateLimitTable;
  consumed_token: ConsumedTokenTable;
}
