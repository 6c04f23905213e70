import type { Kysely } from 'kysely';
import { refundSpend } from '../../credits/credits.service';
import type { DB } from '../../platform/db/types';
import { ensureHistoryRecord, setHistoryImage } from '../history/history.repo';
import { randomUUID } from 'node:crypto';
import {
  incrementOperations,
  insertUsageEventOnce,
  settlePrediction,
  type MadeResult,
} from './predictions.repo';
import type { PredictionRow, UploadRow } from '../resizer.tables';

/**
 * The two ways a prediction ends, each one transaction guarded by the prediction's status, so
 * a job that runs twice (after a crash) completes or refunds at most once.
 */

type SettledPrediction = Pick<
  PredictionRow,
  'id' | 'user_id' | 'aspect_ratio' | 'alignment' | 'regenerate' | 'spend_key' | 'team_id'
>;

/** Success: the result, the run's history entry, the usage counters and event. */
export function completePrediction(
  db: Kysely<DB>,
  prediction: SettledPrediction,
  upload: Pick<UploadRow, 'id' | 'storage_key' | 'filename'>,
  made: MadeResult,
  now: Date = new Date(),
): Promise<boolean> {
  const { outputKey, madeBy } = made;
  return db.transaction().execute(async (trx) => {
    const settled = await settlePrediction(
      trx,
      prediction.id,
      { status: 'succeeded', ...made },
      now,
    );
    if (!settled) return false;
    const historyId = await ensureHistoryRecord(trx, {
      id: randomUUID(),
      user_id: prediction.user_id,
      upload_id: upload.id,
      original_key: upload.storage_key,
      original_filename: upload.filename,
      created_at: now.toISOString(),
      team_id: prediction.team_id,
    });
    await setHistoryImage(
      trx,
      {
        historyId,
        aspectRatio: prediction.aspect_ratio,
        storageKey: outputKey,
        provider: madeBy.provider,
        model: madeBy.model,
        alignment: prediction.alignment,
        width: made.size.width,
        height: made.size.height,
      },
      now,
    );
    await incrementOperations(trx, prediction.user_id, now);
    await insertUsageEventOnce(
      trx,
      {
        id: `prediction:${prediction.id}`,
        userId: prediction.user_id,
        operationType: prediction.regenerate ? 'image_regenerate' : 'image_resize',
      },
      now,
    );
    return true;
  });
}

/** Failure or timeout: the prediction fails with `error` and its credit comes back. */
export function failAndRefund(
  db: Kysely<DB>,
  prediction: Pick<PredictionRow, 'id' | 'user_id' | 'spend_key'>,
  error: string,
  now: Date = new Date(),
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const settled = await settlePrediction(trx, prediction.id, { status: 'failed', error }, now);
    if (!settled) return false;
    await refundSpend(trx, { spendKey: prediction.spend_key, now });
    return true;
  });
}
