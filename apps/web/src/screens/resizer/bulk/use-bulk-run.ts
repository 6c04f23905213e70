import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  errorMessages,
  formatMessage,
  MAX_BULK_PHOTOS,
  outputSpecOfKey,
  type Alignment,
  type Prediction,
  type UploadResponse,
} from '@reframe/shared';
import { historyQueryKey } from '../../../api/history';
import { uploadImage, usageStatsQueryKey } from '../../../api/resizer';
import { startRun } from '../../../api/runs';
import type { FramingChoice } from '../FramingPicker';
import { runPrediction } from '../run-prediction';
import { isSettled, type QueueStatus } from '../run-queue';
import { browserFetch, saveBlob } from '../save-file';
import { predictionApi, sleep, submissionPlan } from '../use-resizer-run';
import { uploadProblem } from '../upload-checks';
import { bulkZipFilename, zipBulkRun } from './bulk-zip';
import { followRun, type OutputUpdate } from './follow-run';

export interface BulkPhoto {
  id: number;
  file: File;
  previewUrl: string;
  upload: UploadResponse | null;
  error: string | null;
}

export interface BulkOutput {
  predictionId: string;
  uploadId: string;
  key: string;
  status: QueueStatus;
  url: string | null;
  width: number;
  height: number;
  alignment: Alignment;
  /** Where the original ended up on the result, once it is made (for the compare slider). */
  offsetX: number | null;
  offsetY: number | null;
  error: string | null;
}

/** A poll's news of one output, as the tile shows it. */
function fromUpdate({ status, result, error }: OutputUpdate): Partial<BulkOutput> {
  if (!result) return { status, error: error ?? null };
  return { status, url: result.url, offsetX: result.offsetX, offsetY: result.offsetY };
}

/**
 * A bulk run on the resizer: the photos uploaded one after another as they are added, then one
 * POST /api/runs for all of them (the server checks plan, cap and credits before anything
 * starts), then each output polled until it settles (followRun: the single run's polling and
 * lanes). The server queues the outputs within the per-user job limit, so the browser only
 * polls, as many at once as a single run submits, in the order they run.
 */
export function useBulkRun() {
  const queryClient = useQueryClient();
  const [photos, setPhotos] = useState<BulkPhoto[]>([]);
  const [outputs, setOutputs] = useState<BulkOutput[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [zipping, setZipping] = useState(false);
  const alive = useRef(true);
  const nextPhotoId = useRef(1);
  const uploads = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const patchPhoto = (id: number, patch: Partial<BulkPhoto>) =>
    setPhotos((current) => current.map((p) => (p.id === id ? { ...p, ...patch } : p)));
  const patchOutput = (predictionId: string, patch: Partial<BulkOutput>) =>
    setOutputs((current) =>
      current.map((o) => (o.predictionId === predictionId ? { ...o, ...patch } : o)),
    );

  const addFiles = useCallback((files: readonly File[]) => {
    setError(null);
    setOutputs([]);
    const added = files.map((file) => ({
      id: nextPhotoId.current++,
      file,
      previewUrl: URL.createObjectURL(file),
      upload: null,
      error: uploadProblem(file),
    }));
    setPhotos((current) => [...current, ...added].slice(0, MAX_BULK_PHOTOS));
    for (const photo of added) {
      if (photo.error) continue;
      // One upload at a time: the server takes two per user at once and refuses a third.
      uploads.current = uploads.current.then(async () => {
        try {
          const upload = await uploadImage(photo.file);
          if (alive.current) patchPhoto(photo.id, { upload });
        } catch (failure) {
          if (alive.current) patchPhoto(photo.id, { error: (failure as Error).message });
        }
      });
    }
  }, []);

  const removePhoto = useCallback((id: number) => {
    setPhotos((current) => current.filter((p) => p.id !== id));
  }, []);

  const clear = useCallback(() => {
    setPhotos([]);
    setOutputs([]);
    setError(null);
  }, []);

  const start = useCallback(
    async (selected: readonly string[], alignment: Alignment, framing: FramingChoice) => {
      const ready = photos.filter((p) => p.upload !== null);
      if (ready.length === 0) return setError(errorMessages.NO_IMAGE);
      if (selected.length === 0) return setError(errorMessages.NO_RATIO);
      setError(null);
      setStarting(true);
      let started: Prediction[];
      try {
        const run = await startRun({
          upload_ids: ready.map((p) => p.upload!.id),
          outputs: selected.map(outputSpecOfKey),
          alignment,
          framing: framing.framing,
          style: framing.style,
        });
        started = run.predictions;
        const shown = run.predictions.map((p): BulkOutput => ({
          predictionId: p.id,
          uploadId: p.upload_id,
          key: p.aspect_ratio,
          url: null,
          width: p.width,
          height: p.height,
          alignment: p.alignment,
          offsetX: null,
          offsetY: null,
          error: null,
          status: 'pending',
        }));
        setOutputs(shown);
      } catch (failure) {
        setError((failure as Error).message);
        return;
      } finally {
        setStarting(false);
        void queryClient.invalidateQueries({ queryKey: usageStatsQueryKey });
      }
      const { maxInFlight } = await submissionPlan(queryClient);
      await followRun(started, maxInFlight, {
        api: predictionApi,
        sleep,
        now: () => performance.now(),
        cancelled: () => !alive.current,
        onUpdate: (predictionId, update) => patchOutput(predictionId, fromUpdate(update)),
      });
      void queryClient.invalidateQueries({ queryKey: usageStatsQueryKey });
      void queryClient.invalidateQueries({ queryKey: historyQueryKey });
    },
    [photos, queryClient],
  );

  /** A new version of one output, made and charged (one credit) on its own, as a single result's. */
  const regenerate = useCallback(
    async (output: BulkOutput, alignment: Alignment, framing: FramingChoice) => {
      patchOutput(output.predictionId, { status: 'processing', error: null });
      try {
        const result = await runPrediction(
          {
            upload_id: output.uploadId,
            ...outputSpecOfKey(output.key),
            alignment,
            framing: framing.framing,
            style: framing.style,
            regenerate: true,
          },
          {
            api: predictionApi,
            sleep,
            now: () => performance.now(),
            random: Math.random,
            onProgress: () => void queryClient.invalidateQueries({ queryKey: usageStatsQueryKey }),
          },
        );
        const { url, width, height, offsetX, offsetY } = result;
        const made = { url, width, height, offsetX, offsetY, alignment: result.alignment };
        if (alive.current) patchOutput(output.predictionId, { ...made, status: 'completed' });
      } catch (failure) {
        const message = formatMessage.errorRegenerating(output.key, (failure as Error).message);
        if (alive.current) patchOutput(output.predictionId, { status: 'error', error: message });
      } finally {
        void queryClient.invalidateQueries({ queryKey: usageStatsQueryKey });
        void queryClient.invalidateQueries({ queryKey: historyQueryKey });
      }
    },
    [queryClient],
  );

  const downloadZip = useCallback(async () => {
    setError(null);
    setZipping(true);
    try {
      const zip = await zipBulkRun(
        photos
          .filter((p) => p.upload)
          .map((p) => ({
            name: p.file.name,
            results: outputs.flatMap((o) =>
              o.uploadId === p.upload?.id && o.url ? [{ ...o, url: o.url }] : [],
            ),
          })),
        browserFetch,
      );
      saveBlob(await zip.generateAsync({ type: 'blob' }), bulkZipFilename(Date.now()));
    } catch {
      setError(errorMessages.RESIZER_ZIP_FAILED);
    } finally {
      setZipping(false);
    }
  }, [photos, outputs]);

  const running = starting || outputs.some((o) => !isSettled(o.status));
  const uploading = photos.some((p) => !p.upload && !p.error);
  return {
    photos,
    outputs,
    error,
    running,
    uploading,
    zipping,
    addFiles,
    removePhoto,
    clear,
    start,
    regenerate,
    downloadZip,
  };
}

export type BulkRun = ReturnType<typeof useBulkRun>;
