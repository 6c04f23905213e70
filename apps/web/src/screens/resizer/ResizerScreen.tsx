import { useState } from 'react';
import { copy, type UploadResponse } from '@reframe/shared';
import { Alert } from '../../components/Alert';
import { AppPage } from '../../components/AppPage';
import { EmptyPanel } from './EmptyPanel';
import { ExpandedImagesCard } from './ExpandedImagesCard';
import { OriginalImageCard } from './OriginalImageCard';
import { ProcessControls } from './ProcessControls';
import { ProcessingQueueCard } from './ProcessingQueueCard';
import { RatioPicker } from './RatioPicker';
import { INITIAL_SELECTION, pruneSelection, toggleRatio } from './ratio-selection';
import { activeRatios, isRatioBusy, isRunActive } from './run-queue';
import { UpgradeBanner } from './UpgradeBanner';
import { UploadArea } from './UploadArea';
import { useImageUpload } from './use-image-upload';
import { useResizerRun } from './use-resizer-run';
import { useUsageStats } from './use-usage-stats';

/** /app: upload one image, pick ratios, get, download and regenerate the results. */
export function ResizerScreen() {
  const usage = useUsageStats();
  const [selected, setSelected] = useState<readonly string[]>(INITIAL_SELECTION);
  const [uploaded, setUploaded] = useState<UploadResponse | null>(null);
  const run = useResizerRun({ upload: uploaded, selected, hasCredits: usage.hasCredits });
  const image = useImageUpload(
    () => {
      run.reset();
      setUploaded(null);
    },
    (upload) => {
      setUploaded(upload);
      setSelected((current) => pruneSelection(current, upload.originalRatio));
    },
  );

  const { queue, results, error } = run.state;
  const running = isRunActive(queue);
  const original = uploaded?.originalRatio ?? null;
  const outOfCredits = usage.loaded && !usage.hasCredits;
  const waiting = queue
    .filter((item) => isRatioBusy(queue, item.ratio))
    .map((item) => item.ratio)
    .filter((ratio) => !results.some((result) => result.ratio === ratio));

  return (
    <AppPage title={copy.resizer.title} wide>
      {outOfCredits && <UpgradeBanner />}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,420px)_minmax(0,1fr)] xl:grid-cols-[minmax(0,460px)_minmax(0,1fr)] xl:gap-8">
        <div className="flex flex-col gap-5 lg:sticky lg:top-6">
          <UploadArea chosen={image.chosen} uploading={image.uploading} onFile={image.choose} />
          {image.error && <Alert>{image.error}</Alert>}
          <RatioPicker
            selected={selected}
            original={original}
            disabled={running}
            onToggle={(label) => setSelected((current) => toggleRatio(current, label, original))}
          />
          <ProcessControls
            count={selected.length}
            running={running}
            runningRatio={activeRatios(queue)}
            disabled={!uploaded || running || selected.length === 0 || !usage.hasCredits}
            remainingCredits={usage.remainingCredits}
            error={error}
            onProcess={() => void run.process()}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          {image.chosen ? (
            <>
              <OriginalImageCard chosen={image.chosen} upload={uploaded} selected={selected} />
              {(results.length > 0 || waiting.length > 0) && (
                <ExpandedImagesCard
                  results={results}
                  waiting={waiting}
                  isBusy={(ratio) => isRatioBusy(queue, ratio)}
                  hasCredits={usage.hasCredits}
                  onRegenerate={(ratio) => void run.regenerate(ratio)}
                />
              )}
              {queue.length > 0 && <ProcessingQueueCard queue={queue} />}
            </>
          ) : (
            <EmptyPanel />
          )}
        </div>
      </div>
    </AppPage>
  );
}
