import type { ReactNode } from 'react';
import type { Alignment, SelectionSummary } from '@reframe/shared';
import { Alert } from '../../../components/Alert';
import type { FramingChoice } from '../FramingPicker';
import { BulkControls } from './BulkControls';
import { BulkPhotoList } from './BulkPhotoList';
import { BulkQueue } from './BulkQueue';
import type { BulkRun } from './use-bulk-run';

/**
 * The resizer with several photos (Growth and Expert): the same pickers, the photos instead of
 * the single original, a confirmed run, and the run's queue and ZIP on the right.
 */
export function BulkResizer({
  bulk,
  uploadArea,
  pickers,
  summary,
  alignment,
  framing,
  remainingCredits,
  hasCredits,
}: {
  bulk: BulkRun;
  uploadArea: ReactNode;
  pickers: ReactNode;
  summary: SelectionSummary;
  alignment: Alignment;
  /** The run's framing and style (issue 38), chosen in `pickers` before it is confirmed. */
  framing: FramingChoice;
  remainingCredits: number | null;
  hasCredits: boolean;
}) {
  const ready = bulk.photos.filter((p) => p.upload).length;
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,420px)_minmax(0,1fr)] xl:grid-cols-[minmax(0,460px)_minmax(0,1fr)] xl:gap-8">
      <div className="flex flex-col gap-5 lg:sticky lg:top-6">
        {uploadArea}
        <BulkPhotoList
          photos={bulk.photos}
          disabled={bulk.running}
          onRemove={bulk.removePhoto}
          onClear={bulk.clear}
        />
        {pickers}
        <BulkControls
          photos={ready}
          summary={summary}
          remainingCredits={remainingCredits}
          disabled={bulk.uploading || ready === 0}
          running={bulk.running}
          error={bulk.error}
          onStart={() => void bulk.start(summary.outputs, alignment, framing)}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-6">
        {bulk.outputs.length > 0 ? (
          <BulkQueue
            photos={bulk.photos}
            outputs={bulk.outputs}
            zipping={bulk.zipping}
            hasCredits={hasCredits}
            onDownloadZip={() => void bulk.downloadZip()}
            onRegenerate={(output) => void bulk.regenerate(output, alignment, framing)}
          />
        ) : (
          bulk.photos.some((p) => p.error) && (
            <Alert>{bulk.photos.find((p) => p.error)?.error}</Alert>
          )
        )}
      </div>
    </div>
  );
}
