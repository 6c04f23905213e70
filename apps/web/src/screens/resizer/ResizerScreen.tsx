import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { copy, summarizeSelection, type Alignment, type UploadResponse } from '@reframe/shared';
import { fetchHistoryPage } from '../../api/history';
import { siteConfigQuery } from '../../api/site-config';
import { useAuth } from '../../auth/use-auth';
import { Alert } from '../../components/Alert';
import { AppPage } from '../../components/AppPage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useConfirm } from '../../components/use-confirm';
import { ResultViewer } from '../../components/ResultViewer';
import { AlignmentPicker, DEFAULT_ALIGNMENT } from './AlignmentPicker';
import { CustomOutputField } from './CustomOutputField';
import { BulkResizer } from './bulk/BulkResizer';
import { BulkUpsell } from './bulk/BulkUpsell';
import { useBulkAccess } from './bulk/use-bulk-access';
import { useBulkRun } from './bulk/use-bulk-run';
import { EmptyPanel } from './EmptyPanel';
import { ExpandedImagesCard } from './ExpandedImagesCard';
import { DEFAULT_FRAMING_CHOICE, FramingPicker, type FramingChoice } from './FramingPicker';
import { recallLastRun, rememberLastRun, versionsOf } from './last-run';
import { OriginalImageCard } from './OriginalImageCard';
import { ProcessControls } from './ProcessControls';
import { ProcessingQueueCard } from './ProcessingQueueCard';
import { RatioPicker } from './RatioPicker';
import {
  addOutputs,
  INITIAL_SELECTION,
  pruneSelection,
  removeOutputs,
  toggleRatio,
  type Selection,
} from './ratio-selection';
import { firstRunningRatio, isRatioBusy, isRunActive } from './run-queue';
import { UpgradeBanner } from './UpgradeBanner';
import { UploadArea } from './UploadArea';
import { useImageUpload } from './use-image-upload';
import { useLeaveGuard } from './use-leave-guard';
import { useResizerRun } from './use-resizer-run';
import { SelectionSummary } from './SelectionSummary';
import { useUsageStats } from '../../components/use-usage-stats';

const r = copy.resizer;

/** Below Tailwind's lg breakpoint the queue sits under the controls, out of sight. */
const STACKED_LAYOUT = '(max-width: 1023px)';

/** The ratios a run takes: those selected, cut to what the credits pay for. */
function affordable(selected: readonly string[], remaining: number | null): string[] {
  return remaining !== null && remaining > 0 ? selected.slice(0, remaining) : [...selected];
}

/** /app: upload one image, pick ratios, get, compare, download and regenerate the results. */
export function ResizerScreen() {
  const usage = useUsageStats();
  const { currentUser } = useAuth();
  const userId = currentUser?.uid ?? '';
  // Coming back in the same session: the last run's image, its results read back from history.
  const [restored] = useState(() => (userId ? recallLastRun(userId) : null));
  const [selection, setSelection] = useState<Selection>(() =>
    restored ? pruneSelection(INITIAL_SELECTION, restored.originalRatio) : INITIAL_SELECTION,
  );
  const [uploaded, setUploaded] = useState<UploadResponse | null>(restored);
  const [viewing, setViewing] = useState<number | null>(null);
  const queueRef = useRef<HTMLDivElement>(null);
  const placementRef = useRef<HTMLFieldSetElement>(null);
  const [alignment, setAlignment] = useState<Alignment>(DEFAULT_ALIGNMENT);
  const [framing, setFraming] = useState<FramingChoice>(DEFAULT_FRAMING_CHOICE);
  const siteConfig = useQuery(siteConfigQuery).data;
  const [bulkLocked, setBulkLocked] = useState(false);
  // The image and outputs of the run last started: its balance is spent, its notice is moot.
  const [lastRun, setLastRun] = useState<string | null>(null);
  const canBulk = useBulkAccess();
  const bulk = useBulkRun();
  const inBulk = bulk.photos.length > 0;
  const photos = inBulk ? bulk.photos.filter((photo) => photo.upload).length : 1;
  const summary = summarizeSelection(selection.keys, photos);
  const toRun = affordable(summary.outputs, usage.remainingCredits);
  const run = useResizerRun({
    upload: uploaded,
    selected: toRun,
    hasCredits: usage.hasCredits,
    alignment,
    framing,
  });
  const image = useImageUpload(
    () => {
      run.reset();
      setUploaded(null);
    },
    (upload) => {
      setUploaded(upload);
      rememberLastRun(userId, upload);
      setSelection((current) => pruneSelection(current, upload.originalRatio));
    },
    restored,
  );

  const { queue, results, versions, error } = run.state;
  const running = isRunActive(queue);
  const leaveDialog = useLeaveGuard(running);
  const replaceConfirm = useConfirm();
  // The app's questions while a run is going: leaving the screen, or dropping it for a new image.
  const confirmDialogs = (
    <>
      <ConfirmDialog {...leaveDialog} />
      <ConfirmDialog {...replaceConfirm.dialogProps} />
    </>
  );

  const { restore } = run;
  // A new image chosen before history answers wins: the old run's results must not cover it.
  const replaced = useRef(false);
  useEffect(() => {
    if (!restored) return;
    void fetchHistoryPage(null).then(
      (page) => {
        const item = page.items.find((candidate) => candidate.uploadId === restored.id);
        if (item && !replaced.current) restore(versionsOf(item));
      },
      // No history to restore from: the image is back, its results are in History.
      () => undefined,
    );
  }, [restored, restore]);

  const original = uploaded?.originalRatio ?? null;
  const outOfCredits = usage.loaded && !usage.hasCredits;

  async function chooseFile(file: File) {
    if (running && !(await replaceConfirm.confirm(copy.confirmDialogs.replaceRun))) return;
    replaced.current = true;
    image.choose(file);
  }

  // Several photos: a bulk run on the plans that have it; otherwise the first photo, and why.
  const onFiles = (files: File[]) => {
    if (canBulk) return bulk.addFiles(files);
    setBulkLocked(true);
    if (files[0]) void chooseFile(files[0]);
  };
  const add = (keys: readonly string[]) => setSelection((current) => addOutputs(current, keys));
  const remove = (keys: readonly string[]) =>
    setSelection((current) => removeOutputs(current, keys));
  const pickers = (
    <>
      <RatioPicker
        selected={selection.keys}
        original={inBulk ? null : original}
        disabled={running || bulk.running}
        onToggle={(label) => setSelection((current) => toggleRatio(current, label, original))}
        onAddPlacements={add}
        onRemovePlacements={remove}
      />
      <CustomOutputField
        selected={selection.keys}
        disabled={running || bulk.running}
        onAdd={(key) => add([key])}
        onRemove={(key) => remove([key])}
      />
      <AlignmentPicker
        value={alignment}
        disabled={running || bulk.running}
        onChange={setAlignment}
        fieldsetRef={placementRef}
      />
      <FramingPicker value={framing} disabled={running || bulk.running} onChange={setFraming} />
      <SelectionSummary
        summary={summary}
        credits={inBulk ? summary.credits : toRun.length}
        photos={photos}
        disabled={running || bulk.running}
        onRemove={remove}
      />
    </>
  );
  if (inBulk) {
    return (
      <AppPage title={r.title} wide>
        {outOfCredits && <UpgradeBanner />}
        <BulkResizer
          bulk={bulk}
          uploadArea={
            <UploadArea
              chosen={null}
              uploading={false}
              several
              onFile={(file) => bulk.addFiles([file])}
              onFiles={bulk.addFiles}
            />
          }
          pickers={pickers}
          summary={summary}
          alignment={alignment}
          framing={framing}
          remainingCredits={usage.remainingCredits}
          hasCredits={usage.hasCredits}
        />
        {confirmDialogs}
      </AppPage>
    );
  }
  const waiting = queue
    .filter((item) => isRatioBusy(queue, item.ratio))
    .map((item) => item.ratio)
    .filter((ratio) => !results.some((result) => result.ratio === ratio));

  /** From a result the engine is not sure of: to the placement picker, its choice focused. */
  function openPlacement() {
    const picker = placementRef.current;
    if (!picker) return;
    picker.scrollIntoView({ behavior: 'smooth', block: 'center' });
    picker.querySelector<HTMLInputElement>('input:checked')?.focus({ preventScroll: true });
  }

  const runKey = `${uploaded?.id ?? ''} ${summary.outputs.join(' ')}`;
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
    <AppPage title={r.title} wide>
      {outOfCredits && <UpgradeBanner />}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,420px)_minmax(0,1fr)] xl:grid-cols-[minmax(0,460px)_minmax(0,1fr)] xl:gap-8">
        <div className="flex flex-col gap-5 lg:sticky lg:top-6">
          <UploadArea
            chosen={image.chosen}
            uploading={image.uploading}
            several={canBulk}
            onFile={(file) => void chooseFile(file)}
            onFiles={onFiles}
          />
          {bulkLocked && <BulkUpsell />}
          {image.error && <Alert>{image.error}</Alert>}
          {pickers}
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
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          {image.chosen ? (
            <>
              <OriginalImageCard
                chosen={image.chosen}
                upload={uploaded}
                selected={summary.outputs}
              />
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
        </div>
      </div>
      {uploaded && (
        <ResultViewer
          images={results}
          index={viewing}
          original={uploaded}
          onIndex={setViewing}
          onClose={() => setViewing(null)}
        />
      )}
      {confirmDialogs}
    </AppPage>
  );
}
