import { summarizeSelection } from '@reframe/shared';
import { Alert } from '../../../components/Alert';
import { useUsageStats } from '../../../components/use-usage-stats';
import { ResizerLayout } from '../ResizerLayout';
import { RunPickers } from '../RunPickers';
import { useBulkRun } from '../run/use-bulk-run';
import { UploadArea } from '../UploadArea';
import type { RunChoices } from '../use-run-choices';
import { BulkControls } from './BulkControls';
import { BulkPhotoList } from './BulkPhotoList';
import { BulkQueue } from './BulkQueue';
import type { BulkPhotos } from './use-bulk-photos';
import { useBulkZip } from './use-bulk-zip';

/**
 * The resizer with several photos (Growth and Expert): the same pickers, the photos instead of
 * the single original, a confirmed run, and the run's queue and ZIP on the right.
 */
export function BulkResizer({ photos, choices }: { photos: BulkPhotos; choices: RunChoices }) {
  const usage = useUsageStats();
  const run = useBulkRun();
  const zip = useBulkZip();
  const ready = photos.photos.flatMap((p) => (p.upload ? [p.upload.id] : []));
  const summary = summarizeSelection(choices.selected, ready.length);
  const photoError = photos.photos.find((p) => p.error)?.error;
  const addFiles = (files: readonly File[]) => {
    run.reset();
    photos.addFiles(files);
  };
  return (
    <ResizerLayout
      controls={
        <>
          <UploadArea
            chosen={null}
            uploading={false}
            several
            onFile={(file) => addFiles([file])}
            onFiles={addFiles}
          />
          <BulkPhotoList
            photos={photos.photos}
            disabled={run.running}
            onRemove={photos.removePhoto}
            onClear={photos.clear}
          />
          {photos.overflow && <Alert tone="warning">{photos.overflow}</Alert>}
          <RunPickers
            choices={choices}
            original={null}
            summary={summary}
            credits={summary.credits}
            photos={ready.length}
            disabled={run.running}
          />
          <BulkControls
            photos={ready.length}
            summary={summary}
            remainingCredits={usage.remainingCredits}
            disabled={photos.uploading || ready.length === 0}
            running={run.running}
            error={run.error ?? zip.error}
            onStart={() =>
              void run.start(ready, summary.outputs, choices.alignment, choices.framing)
            }
          />
        </>
      }
    >
      {run.outputs.length > 0 ? (
        <BulkQueue
          photos={photos.photos}
          outputs={run.outputs}
          zipping={zip.zipping}
          hasCredits={usage.hasCredits}
          onDownloadZip={() => void zip.downloadZip(photos.photos, run.outputs)}
          onRegenerate={(output, alternative) =>
            void run.regenerate(output, choices.alignment, alternative ?? choices.framing)
          }
        />
      ) : (
        photoError && <Alert>{photoError}</Alert>
      )}
    </ResizerLayout>
  );
}
