import {
  resolveOutput,
  type Expansion,
  type ExpansionOutput,
  type ExpansionOutputStatus,
  type ExpansionStatus,
  type PredictionStatus,
} from '@reframe/shared';
import { toIsoString } from '../platform/db/column-types';
import { cropOfRow } from '../resizer/predictions/stored-crop';
import type { PredictionRow } from '../resizer/resizer.tables';
import type { ApiExpansionRow } from './api.tables';

export type OutputRow = Pick<
  PredictionRow,
  | 'id'
  | 'aspect_ratio'
  | 'width'
  | 'height'
  | 'status'
  | 'error'
  | 'output_key'
  | 'offset_x'
  | 'offset_y'
  | 'confidence'
  | 'crop'
>;

/** A finished output's download link and when it stops working (ISO-8601). */
export type DownloadLink = (predictionId: string) => { url: string; expiresAt: string };

const OUTPUT_STATUS: Record<PredictionStatus, ExpansionOutputStatus> = {
  starting: 'queued',
  processing: 'processing',
  succeeded: 'succeeded',
  failed: 'failed',
};

/** How an output was asked for: a ratio, an exact size, or a pack's placement. */
function targetOf(key: string): Pick<ExpansionOutput, 'ratio' | 'size' | 'placement'> {
  const output = resolveOutput(key);
  if (output?.pack) return { placement: key };
  if (output?.exact) return { size: `${output.exact.width}x${output.exact.height}` };
  return { ratio: key };
}

function statusOf(outputs: readonly ExpansionOutput[]): ExpansionStatus {
  if (outputs.some((output) => output.status === 'queued' || output.status === 'processing')) {
    return 'processing';
  }
  const succeeded = outputs.filter((output) => output.status === 'succeeded').length;
  if (succeeded === outputs.length) return 'succeeded';
  return succeeded === 0 ? 'failed' : 'partial';
}

function outputOf(row: OutputRow, key: string, link: DownloadLink): ExpansionOutput {
  const status = OUTPUT_STATUS[row.status];
  const download = status === 'succeeded' && row.output_key ? link(row.id) : null;
  return {
    ...targetOf(key),
    width: row.width,
    height: row.height,
    status,
    error: status === 'failed' ? { code: 'output_failed', message: row.error ?? '' } : null,
    url: download?.url ?? null,
    url_expires_at: download?.expiresAt ?? null,
    ...madeOf(row, status === 'succeeded'),
  };
}

/** What a finished output kept of the photo, where, and the engine's confidence; null before. */
function madeOf(
  row: OutputRow,
  succeeded: boolean,
): Pick<ExpansionOutput, 'crop' | 'offset' | 'confidence'> {
  const offset =
    succeeded && row.offset_x !== null && row.offset_y !== null
      ? { x: row.offset_x, y: row.offset_y }
      : null;
  return {
    crop: succeeded ? cropOfRow(row.crop) : null,
    offset,
    confidence: succeeded ? row.confidence : null,
  };
}

/** An expansion as /v1 answers it and its webhook carries, outputs in the order asked for. */
export function expansionView(
  expansion: ApiExpansionRow,
  rows: readonly OutputRow[],
  link: DownloadLink,
): Expansion {
  const byKey = new Map(rows.map((row) => [row.aspect_ratio, row]));
  const keys = JSON.parse(expansion.output_keys) as string[];
  const outputs = keys.flatMap((key) => {
    const row = byKey.get(key);
    return row ? [outputOf(row, key, link)] : [];
  });
  const test = Boolean(expansion.test);
  return {
    id: expansion.id,
    status: statusOf(outputs),
    test,
    alignment: expansion.alignment,
    format: expansion.format,
    credits_charged: test ? 0 : outputs.filter((output) => output.status !== 'failed').length,
    created_at: toIsoString(expansion.created_at),
    settled_at: expansion.settled_at === null ? null : toIsoString(expansion.settled_at),
    outputs,
  };
}
