import type { ApiFormat, ApiKeyMode, Alignment } from '@reframe/shared';
import type { Selectable } from 'kysely';
import type { Bool, Timestamp } from '../platform/db/types';

/** The tables of migration 0017-api-keys. */
export interface ApiKeyTable {
  id: string;
  /** Whose credits the key spends: the team's owner inside a team. */
  account_user_id: string;
  team_id: string | null;
  /** The key acts as this user: its runs are theirs, charged as theirs (their team's pool). */
  created_by_user_id: string;
  name: string;
  mode: ApiKeyMode;
  /** The key's first characters, shown to tell keys apart. */
  prefix: string;
  /** SHA-256 (hex) of the whole key; the key itself is never stored. */
  secret_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface ApiExpansionTable {
  id: string;
  api_key_id: string;
  account_user_id: string;
  upload_id: string;
  /** The bulk run of its predictions, one per output. */
  run_id: string;
  /** The output keys asked for, in order, as a JSON array (one prediction each). */
  output_keys: string;
  alignment: Alignment;
  format: ApiFormat;
  webhook_url: string | null;
  /** Made with a test key: nothing spent, results watermarked. */
  test: Bool;
  created_at: Timestamp;
  /** Set once, when the last of its outputs settles. */
  settled_at: Timestamp | null;
}

export interface ApiIdempotencyTable {
  api_key_id: string;
  idempotency_key: string;
  /** SHA-256 of the image and the fields, so a reuse with another body is told apart. */
  request_hash: string;
  expansion_id: string;
  created_at: Timestamp;
}

export type ApiKeyRow = Selectable<ApiKeyTable>;
export type ApiExpansionRow = Selectable<ApiExpansionTable>;

declare module '../platform/db/types' {
  interface DB {
    api_key: ApiKeyTable;
    api_expansion: ApiExpansionTable;
    api_idempotency: ApiIdempotencyTable;
  }
}
