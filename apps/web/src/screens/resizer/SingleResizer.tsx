import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { copy, summarizeSelection, type UploadResponse } from '@reframe/shared';
import { siteConfigQuery } from '../../api/site-config';
import { Alert } from '../../components/Alert';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ResultViewer } from '../../components/ResultViewer';
import { useConfirm } from '../../components/use-confirm';
import { useUsageStats } from '../../components/use-usage-stats';
import { BulkUpsell } from './bulk/BulkUpsell';
import { useBulkAccess } from './bulk/use-bulk-access';
import { EmptyPanel } from './EmptyPanel';
import { ExpandedImagesCard } from './ExpandedImagesCard';
import { recallLastRun, rememberLastRun } from './last-run';
import { OriginalImageCard } from './OriginalImageCard';
import { ProcessControls } from './ProcessControls';
import { ProcessingQueueCard } from './ProcessingQueueCard';
import { ResizerLayout } from './ResizerLayout';
import { RunPickers } from './RunPickers';
import { firstRunningRatio, isRatioBusy, isRunActive } from './run/run-queue';
import { useResizerRun } from './run/use-resizer-run';
import { UploadArea } from './UploadArea';
import { useImageUpload } from './use-image-upload';
import { useLeaveGuard } from './use-leave-guard';
import { useRestoredRun } from './use-restored-run';
import type { RunChoices } from './use-run-choices';

/** Below Tailwind's lg breakpoint the queue sits under the controls, out of sight. */
const STACKED_LAYOUT = '(max-width: 1023px)';

/** The ratios a run takes: those selected, cut to what the credits pay for. */
function affordable(selected: readonly string[], remaining: number | null): string[] {
  return remaining !== null && remaining > 0 ? selected.slice(0, remaining) : [...selected];
}

/**
 * The resizer with one image: upload it, pick outputs, get, compare, download and regenerate the
 * results. Several photos dropped go to bulk mode (`onSeveral`) on the plans that have it.
 */
export function SingleResizer({
  userId,
  choices,
  onSeveral,
}: {
  userId: string;
  choices: RunChoices;
  onSeveral: (files: File[]) => void;
}) {
  const usage = useUsageStats();
  // Coming back in the same session: the last run's image, its results read back from history.
  const [restored] = useState(() => (userId ? recallLastRun(userId) : null));
  const [uploaded, setUploaded] = useState<UploadResponse | null>(restored);
  const [viewing, setViewing] = useState<number | null>(null);
  const [bulkLocked, setBulkLocked] = useState(false);
  // The image and outputs of the run last started: its balance is spent, its notice is moot.
  const [lastRun, setLastRun] = useState<string | null>(null);
  const queueRef = useRef<HTMLDivElement>(null);
  const placementRef = useRef<HTMLFieldSetElement>(null);
  const siteConfig = useQuery(siteConfigQuery).data;
  const canBulk = useBulkAccess();
  const summary = summarizeSelection(choices.selected, 1);
  const toRun = affordable(summary.outputs, usage.remainingCredits);
  const run = useResizerRun({
    upload: uploaded,
    selected: toRun,
    hasCredits: usage.hasCredits,
    alignment: choices.alignment,
    framing: choices.framing,
  });
  const replaceRestored = useRestoredRun(restored, {
    restore: run.restore,
    prune: choices.prune,
    recallFraming: choices.setFraming,
  });
  const image = useImageUpload(
    () => {
      run.reset();
      setUploaded(null);
    },
    (done) => {
      setUploaded(done);
      rememberLastRun(userId, done);
      choices.prune(done.originalRatio);
    },
    restored,
  );

  const { queue, results, versions, error } = run.state;
  const running = isRunActive(queue);
  const leaveDialog = useLeaveGuard(running);
  const replaceConfirm = useConfirm();

  async function confirmReplace(): Promise<boolean> {
    return !running || (await replaceConfirm.confirm(copy.confirmDialogs.replaceRun));
  }
  async function chooseFile(file: File) {
    if (!(await confirmReplace())) return;
    replaceRestored();
    image.choose(file);
  }
  // Several photos: a bulk run on the plans that have it; otherwise the first photo, and why.
  async function chooseFiles(files: File[]) {
    if (!canBulk) {
      setBulkLocked(true);
      if (files[0]) void chooseFile(files[0]);
      return;
    }
    if (await confirmReplace()) onSeveral(files);
  }

  const original = uploaded?.originalRatio ?? null;
  const waiting = queue
    .filter((item) => isRatioBusy(queue, item.ratio))
    .map((item) => item.ratio)
    .filter((ratio) => !results.some((result) => result.ratio === ratio));
  const runKey = `${uploaded?.id ?? ''} ${summary.outputs.join(' ')}`;

  /** From a result the engine is not sure of: to the placement picker, its choice focused. */
  function openPlacement() {
    const picker = placementRef.current;
    if (!picker) return;
    picker.scrollIntoView({ behavior: 'smooth', block: 'center' });
    picker.querySelector<HTMLInputElement>('input:checked')?.focus({ preventScroll: true });
  }

  function startRun() {
    setLastRun(runKey);
    void run.process();
    if (window.matchMedia(STACKED_LAYOUT).matches) {
      // After the queue has rendered: on a phone it is a screen and a half below the button.
      requestAnimationFrame(() =>
        queueRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
      );
    }
  }

  return (
    <>
      <ResizerLayout
        controls={
          <>
            <UploadArea
              chosen={image.chosen}
              uploading={image.uploading}
              several={canBulk}
              onFile={(file) => void chooseFile(file)}
              onFiles={(files) => void chooseFiles(files)}
            />
            {bulkLocked && <BulkUpsell />}
            {image.error && <Alert>{image.error}</Alert>}
            <RunPickers
              choices={choices}
              original={original}
              summary={summary}
              credits={toRun.length}
              photos={1}
              disabled={running}
              placementRef={placementRef}
            />
            <ProcessControls
              count={toRun.length}
              selectedCount={summary.outputs.length}
              running={running}
              runningRatio={firstRunningRatio(queue)}
              disabled={!uploaded || running || toRun.length === 0 || !usage.hasCredits}
              remainingCredits={usage.remainingCredits}
              team={usage.team}
              error={error}
              ranAlready={lastRun === runKey}
              onProcess={startRun}
            />
          </>
        }
      >
        {image.chosen ? (
          <>
            <OriginalImageCard chosen={image.chosen} upload={uploaded} selected={summary.outputs} />
            {(results.length > 0 || waiting.length > 0) && (
              <ExpandedImagesCard
                results={results}
                versions={versions}
                waiting={waiting}
                isBusy={(ratio) => isRatioBusy(queue, ratio)}
                hasCredits={usage.hasCredits}
                onRegenerate={(ratio, alternative) => void run.regenerate(ratio, alternative)}
                onPick={run.pick}
                onOpen={setViewing}
                original={uploaded}
                onChangePlacement={openPlacement}
                deployment={siteConfig ?? null}
              />
            )}
            {queue.length > 0 && (
              <div ref={queueRef} className="scroll-mt-4">
                <ProcessingQueueCard
                  queue={queue}
                  hasCredits={usage.hasCredits}
                  onRetry={(ratio) => void run.retry(ratio)}
                />
              </div>
            )}
          </>
        ) : (
          <EmptyPanel />
        )}
      </ResizerLayout>
      {uploaded && (
        <ResultViewer
          images={results}
          index={viewing}
          original={uploaded}
          onIndex={setViewing}
          onClose={() => setViewing(null)}
        />
      )}
      <ConfirmDialog {...leaveDialog} />
      <ConfirmDialog {...replaceConfirm.dialogProps} />
    </>
  );
}
