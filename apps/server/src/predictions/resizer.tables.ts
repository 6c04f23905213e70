import type { Selectable } from 'kysely';
import type { Timestamp } from '../db/types';

/** The tables of migration 0005-resizer. */
export interface UploadTable {
  id: string;
  user_id: string;
  storage_key: string;
  filename: string;
  width: number;
  height: number;
  created_at: Timestamp;
}

export type PredictionStatus = 'starting' | 'processing' | 'succeeded' | 'failed';

export interface PredictionTable {
  id: string;
  user_id: string;
  upload_id: string;
  /** The catalogue label asked for, e.g. "16:9" or "2:3 (Stories)". */
  aspect_ratio: string;
  /** The target canvas. */
  width: number;
  height: number;
  seed: number;
  /** 1 for a regeneration, 0 for a first result (an integer on both databases). */
  regenerate: number;
  status: PredictionStatus;
  error: string | null;
  output_key: string | null;
  /** Idempotency key of the credit spent for it; the refund is keyed from it. */
  spend_key: string;
  attempts: number;
  created_at: Timestamp;
  started_at: Timestamp | null;
  settled_at: Timestamp | null;
}

export interface HistoryRecordTable {
  id: string;
  user_id: string;
  upload_id: string;
  original_key: string;
  original_filename: string;
  created_at: Timestamp;
}

export interface HistoryImageTable {
  history_id: string;
  aspect_ratio: string;
  storage_key: string;
  updated_at: Timestamp;
}

export type UploadRow = Selectable<UploadTable>;
export type PredictionRow = Selectable<PredictionTable>;
export type HistoryRecordRow = Selectable<HistoryRecordTable>;

declare module '../db/types' {
  interface DB {
    upload: UploadTable;
    prediction: PredictionTable;
    history_record: HistoryRecordTable;
    history_image: HistoryImageTable;
  }
}
