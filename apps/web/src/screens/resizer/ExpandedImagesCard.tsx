import { ChevronLeft, ChevronRight, Download, FileArchive, Maximize2 } from 'lucide-react';
import { useState } from 'react';
import { copy, isLowConfidence, resolveOutput, thumbnailUrl } from '@reframe/shared';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Spinner } from '../../components/Spinner';
import { checkerboard } from '../../components/checkerboard';
import { downloadFormats, isDownloadFormat, type DownloadFormat } from './image-format';
import { alternativesFor, type Alternative, type Deployment } from './alternatives';
import type { FramingChoice } from './FramingPicker';
import { RegenerateButton } from './RegenerateButton';
import { placementLabel, trimLabel } from './result-placement';
import type { ExpandedImage } from './run-prediction';
import { useResultDownloads } from './use-downloads';

const r = copy.resizer;

export function ExpandedImagesCard({
  results,
  versions,
  waiting,
  isBusy,
  hasCredits,
  onRegenerate,
  onPick,
  onOpen,
  original,
  onChangePlacement,
  deployment,
}: {
  /** The version shown of each ratio: the one downloaded and zipped. */
  results: readonly ExpandedImage[];
  versions: Readonly<Record<string, readonly ExpandedImage[]>>;
  /** Ratios still running that have no result yet: shown as placeholders. */
  waiting: readonly string[];
  isBusy: (ratio: string) => boolean;
  hasCredits: boolean;
  /** A new version, with the run's choices or a weak result's alternative (issue 38). */
  onRegenerate: (ratio: string, alternative?: FramingChoice) => void;
  onPick: (ratio: string, index: number) => void;
  /** Opens the full-size viewer on this result. */
  onOpen: (index: number) => void;
  /** The uploaded original's size, to name where it sits on each result. */
  original: { width: number; height: number } | null;
  /** Takes the user to the placement picker (from a low-confidence warning). */
  onChangePlacement: () => void;
  /** What this deployment makes, for a weak result's alternatives; null until known. */
  deployment: Deployment | null;
}) {
  const [format, setFormat] = useState<DownloadFormat>('png');
  const downloads = useResultDownloads(format);
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">{r.expandedImages}</h2>
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-2 text-xs font-medium text-slate-600">
            {r.formatLabel}
            <select
              value={format}
              onChange={(event) => {
                if (isDownloadFormat(event.target.value)) setFormat(event.target.value);
              }}
              className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900"
            >
              {downloadFormats.map((option) => (
                <option key={option} value={option}>
                  {r.formats[option]}
                </option>
              ))}
            </select>
          </label>
          {results.length > 1 && (
            <Button
              variant="secondary"
              busy={downloads.zipping}
              busyLabel={r.preparingZip}
              onClick={() => void downloads.downloadAll(results)}
            >
              <FileArchive aria-hidden="true" className="size-4" />
              {r.downloadAllZip}
            </Button>
          )}
        </div>
      </div>
      {downloads.error && <Alert className="mt-4">{downloads.error}</Alert>}
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {results.map((image, index) => (
          <li key={image.ratio} data-testid="result">
            <ResultTile
              image={image}
              versions={versions[image.ratio] ?? [image]}
              busy={isBusy(image.ratio)}
              hasCredits={hasCredits}
              onRegenerate={onRegenerate}
              onPick={(version) => onPick(image.ratio, version)}
              onOpen={() => onOpen(index)}
              onDownload={() => void downloads.downloadOne(image)}
              placement={original && placementLabel(original, image)}
              trimmed={original && trimLabel(original, image)}
              alternatives={
                original && deployment ? alternativesFor(image, original, deployment) : []
              }
              onChangePlacement={onChangePlacement}
            />
          </li>
        ))}
        {waiting.map((ratio) => (
          <li key={ratio} data-testid="result-placeholder">
            <PendingTile ratio={ratio} />
          </li>
        ))}
      </ul>
    </Card>
  );
}

function ResultTile({
  image,
  versions,
  busy,
  hasCredits,
  onRegenerate,
  onPick,
  onOpen,
  onDownload,
  placement,
  trimmed,
  alternatives,
  onChangePlacement,
}: {
  image: ExpandedImage;
  versions: readonly ExpandedImage[];
  busy: boolean;
  hasCredits: boolean;
  onRegenerate: (ratio: string, alternative?: FramingChoice) => void;
  onPick: (index: number) => void;
  onOpen: () => void;
  onDownload: () => void;
  /** "Placement: Auto (Top)"; null until the original's size is known. */
  placement: string | null;
  /** "Trimmed 12 % (top)"; null when the whole photo was kept. */
  trimmed: string | null;
  /** A weak result's one-click alternatives (one credit each). */
  alternatives: readonly Alternative[];
  onChangePlacement: () => void;
}) {
  const current = Math.max(
    0,
    versions.findIndex((version) => version.url === image.url),
  );
  return (
    <figure className="flex h-full flex-col rounded-xl ring-1 ring-slate-200">
      <div
        className={`relative flex h-64 items-center justify-center overflow-hidden rounded-t-xl p-3 sm:h-72 ${checkerboard}`}
      >
        {busy && <Spinner size="lg" className="absolute text-brand-600" />}
        <button
          type="button"
          onClick={onOpen}
          aria-label={r.compareLabel(image.ratio)}
          className="group relative flex max-h-full max-w-full cursor-zoom-in items-center justify-center rounded-md focus-visible:ring-4 focus-visible:ring-brand-500/60 focus-visible:outline-none"
        >
          <img
            src={thumbnailUrl(image.url, 'preview')}
            alt={r.resultAlt(image.ratio)}
            width={image.width}
            height={image.height}
            className={`max-h-58 w-auto max-w-full rounded-md object-contain shadow-sm transition-opacity sm:max-h-66 ${busy ? 'opacity-40' : ''}`}
          />
          <span className="absolute right-2 bottom-2 flex items-center gap-1 rounded-full bg-slate-950/70 px-2 py-1 text-xs font-semibold text-white opacity-90 group-hover:opacity-100">
            <Maximize2 aria-hidden="true" className="size-3.5" />
            {r.compare}
          </span>
        </button>
      </div>
      {versions.length > 1 && (
        <div
          className="flex items-center justify-between gap-2 border-t border-slate-200 bg-slate-50 px-2 py-1.5"
          data-testid="version-switcher"
        >
          <Button
            variant="ghost"
            className="size-8! px-0!"
            aria-label={r.previousVersion}
            disabled={current === 0}
            onClick={() => onPick(current - 1)}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
          </Button>
          <span className="text-xs font-medium text-slate-700 tabular-nums" aria-live="polite">
            {r.versionOf(current + 1, versions.length)}
          </span>
          <Button
            variant="ghost"
            className="size-8! px-0!"
            aria-label={r.nextVersion}
            disabled={current === versions.length - 1}
            onClick={() => onPick(current + 1)}
          >
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
      )}
      <figcaption className="flex flex-1 flex-col gap-3 rounded-b-xl border-t border-slate-200 bg-white px-3.5 py-3">
        <div className="flex items-baseline justify-between gap-2">
          <p className="truncate text-sm font-semibold text-slate-900">
            {r.resultTitle(image.ratio)}
          </p>
          <p className="text-xs text-slate-500 tabular-nums" data-testid="result-size">
            {image.width} × {image.height}
          </p>
        </div>
        {placement && (
          <p className="-mt-2 text-xs text-slate-600" data-testid="result-placement">
            {placement}
          </p>
        )}
        {trimmed && (
          <p className="-mt-2 text-xs text-slate-600" data-testid="result-trimmed">
            {trimmed}
          </p>
        )}
        {isLowConfidence(image.confidence) && (
          <Alert tone="warning" className="px-3 py-2.5 text-xs">
            <p data-testid="low-confidence">{r.lowConfidence}</p>
            <button
              type="button"
              onClick={onChangePlacement}
              className="mt-1 font-semibold underline underline-offset-2 hover:text-amber-700 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-amber-600"
            >
              {r.lowConfidenceAction}
            </button>
            {alternatives.length > 0 && (
              <AlternativeButtons
                alternatives={alternatives}
                disabled={busy || !hasCredits}
                onChoose={(alternative) => onRegenerate(image.ratio, alternative)}
              />
            )}
          </Alert>
        )}
        <div className="mt-auto grid grid-cols-2 gap-2">
          <RegenerateButton
            hasCredits={hasCredits}
            busy={busy}
            onClick={() => onRegenerate(image.ratio)}
          />
          <Button className="h-9 px-3" fullWidth onClick={onDownload}>
            <Download aria-hidden="true" className="size-4" />
            {r.download}
          </Button>
        </div>
      </figcaption>
    </figure>
  );
}

/** Where a running ratio's result will appear: its frame, pulsing, at its own aspect ratio. */
function PendingTile({ ratio }: { ratio: string }) {
  const aspect = resolveOutput(ratio)?.ratio ?? 1;
  return (
    <div className="flex h-full flex-col overflow-hidden rounded-xl ring-1 ring-slate-200">
      <div className={`flex h-64 items-center justify-center p-3 sm:h-72 ${checkerboard}`}>
        <div
          className="grid max-h-full max-w-full animate-pulse place-items-center rounded-md bg-brand-100/70 ring-1 ring-brand-200"
          style={{
            aspectRatio: aspect,
            height: aspect >= 1 ? 'auto' : '100%',
            width: aspect >= 1 ? '100%' : 'auto',
          }}
        >
          <Spinner className="text-brand-500" />
        </div>
      </div>
      <div className="border-t border-slate-200 bg-white px-3.5 py-3">
        <p className="truncate text-sm font-semibold text-slate-900">{r.resultTitle(ratio)}</p>
        <div className="mt-3 h-9 rounded-lg bg-slate-100" />
      </div>
    </div>
  );
}

/** A weak result's cleaner versions: each one click, one regeneration, one credit. */
function AlternativeButtons({
  alternatives,
  disabled,
  onChoose,
}: {
  alternatives: readonly Alternative[];
  disabled: boolean;
  onChoose: (alternative: Alternative) => void;
}) {
  return (
    <div className="mt-2.5" data-testid="alternatives">
      <p className="font-medium">{r.alternativesTitle}</p>
      <div className="mt-1.5 flex flex-wrap gap-1.5">
        {alternatives.map((alternative) => (
          <Button
            key={alternative.id}
            variant="secondary"
            // Wraps inside a narrow card (390 px) instead of running past its edge.
            className="h-auto! min-h-8 max-w-full px-2.5 py-1 text-left text-xs whitespace-normal!"
            disabled={disabled}
            onClick={() => onChoose(alternative)}
          >
            {alternative.label}{' '}
            <span className="font-normal text-slate-500">· {r.alternativeCost}</span>
          </Button>
        ))}
      </div>
    </div>
  );
}
