import type { Alignment, FillStyle, FramingMode, PredictionStatus } from '@reframe/shared';
import type { Generated, Selectable } from 'kysely';
import type { MadeBy, OutpaintProviderName } from '../adapters/outpainter/outpainter';
import type { Timestamp } from '../platform/db/types';

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

/** The outpainter port's names for who made a result, as the tables store them. */
export type { MadeBy, OutpaintProviderName };
/** A prediction's framing and fill style (issue 38), as the tables store them. */
export type { FillStyle, FramingMode };

export interface PredictionTable {
  id: string;
  user_id: string;
  upload_id: string;
  /**
   * The output's key (shared `resolveOutput`): a catalogue label ("2:3 (Stories)"), a custom
   * ratio ("5:2"), a placement ("meta-stories-1080x1920") or a custom size ("1200x628").
   */
  aspect_ratio: string;
  /** The result's size: the canvas, or the exact size of a placement or custom size. */
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
  /** Who made the result; null until it succeeds. */
  provider: OutpaintProviderName | null;
  /** 1 when the built-in engine stood in for an unavailable hosted provider. */
  fallback: Generated<number>;
  /** The hosted provider's prediction id, saved as soon as it is created. */
  remote_id: string | null;
  /** The outcome a signed webhook reported, for the running job to settle with. */
  remote_status: string | null;
  remote_output: string | null;
  remote_error: string | null;
  /** The run time the provider reported for its prediction, in seconds (migration 0011). */
  remote_predict_seconds: number | null;
  /** Where the original sits on the canvas (migration 0009-placement-outputs). */
  alignment: Alignment;
  /**
   * The canvas it is filled on, as JSON (`output-canvas.ts`, migration 0019); null for one made
   * before it.
   */
  canvas: string | null;
  /** The bulk run it belongs to, or null for a single prediction. */
  run_id: string | null;
  /** When it was handed to the job queue; null while a run's prediction waits for room. */
  queued_at: Timestamp | null;
  /**
   * Where the original's top-left ended up on the result, in the result's pixels, and the
   * engine's confidence in the fill (0..1; null when a hosted provider made it). Null until it
   * succeeds, and for results made before migration 0012-result-placement.
   */
  offset_x: number | null;
  offset_y: number | null;
  confidence: number | null;
  /** The hosted model that made the result (migration 0015); null for the engine. */
  model: string | null;
  /** The input files uploaded for the hosted prediction, as a JSON array of ids. */
  remote_input_files: string | null;
  /** The team whose pool paid for it; null: the maker's own balance (migration 0016-teams). */
  team_id: string | null;
  /** 1: the job draws the test watermark on the result (a test API key's, migration 0017). */
  watermark: Generated<number>;
  /**
   * How much of the photo it may trim and how its new area is filled (migration 0021-framing;
   * 'keep' and 'natural' for predictions made before).
   */
  framing: Generated<FramingMode>;
  style: Generated<FillStyle>;
  /** The part of the upload the result kept, as JSON (`stored-crop.ts`); null until it succeeds. */
  crop: string | null;
  /** The name of the API key whose run made it (migration 0022); null for the app's runs. */
  api_key_name: string | null;
}

export interface HistoryRecordTable {
  id: string;
  user_id: string;
  upload_id: string;
  original_key: string;
  original_filename: string;
  created_at: Timestamp;
  /** The team the run was charged to: its members see it (migration 0016-teams). */
  team_id: string | null;
}

export interface HistoryImageTable {
  history_id: string;
  aspect_ratio: string;
  storage_key: string;
  provider: OutpaintProviderName;
  updated_at: Timestamp;
  alignment: Alignment;
  /** The result's pixel size; null for results made before migration 0009. */
  width: number | null;
  height: number | null;
  /** The hosted model that made it (migration 0015); null for the engine. */
  model: string | null;
}

/** Provider webhook deliveries already applied, by their `webhook-id`. */
export interface ProviderWebhookTable {
  id: string;
  received_at: Timestamp;
}

export type UploadRow = Selectable<UploadTable>;
export type PredictionRow = Selectable<PredictionTable>;
export type HistoryRecordRow = Selectable<HistoryRecordTable>;

declare module '../platform/db/types' {
  interface DB {
    upload: UploadTable;
    prediction: PredictionTable;
    history_record: HistoryRecordTable;
    history_image: HistoryImageTable;
    provider_webhook: ProviderWebhookTable;
  }
}
