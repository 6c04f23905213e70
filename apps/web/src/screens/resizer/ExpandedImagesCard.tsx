import { ChevronLeft, ChevronRight, FileArchive } from 'lucide-react';
import { useState } from 'react';
import { copy, isLowConfidence } from '@reframe/shared';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { downloadFormats, isDownloadFormat, type DownloadFormat } from './image-format';
import { alternativesFor, type Alternative, type Deployment } from './alternatives';
import type { FramingChoice } from './FramingPicker';
import { placementLabel, trimLabel } from './result-placement';
import { ResultTile } from './ResultTile';
import type { ExpandedImage } from './run/run-prediction';
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
  /** A new version, with the run's choices or one of the result's alternatives (issue 38). */
  onRegenerate: (ratio: string, alternative?: FramingChoice) => void;
  onPick: (ratio: string, index: number) => void;
  /** Opens the full-size viewer on this result. */
  onOpen: (index: number) => void;
  /** The uploaded original's size, to name where it sits on each result. */
  original: { width: number; height: number } | null;
  /** Takes the user to the placement picker (from a low-confidence warning). */
  onChangePlacement: () => void;
  /** What this deployment makes, for a result's alternatives; null until known. */
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
        {results.map((image, index) => {
          const all = versions[image.ratio] ?? [image];
          const busy = isBusy(image.ratio);
          const alternatives =
            original && deployment ? alternativesFor(image, original, deployment) : [];
          const placement = original && placementLabel(original, image);
          const trimmed = original && trimLabel(original, image);
          return (
            <li key={image.ratio} data-testid="result">
              <ResultTile
                output={image.ratio}
                made={{
                  image,
                  onOpen: () => onOpen(index),
                  onRegenerate: () => onRegenerate(image.ratio),
                  onDownload: () => void downloads.downloadOne(image),
                }}
                busy={busy}
                size="regular"
                title={r.resultTitle(image.ratio)}
                detail={
                  <span data-testid="result-size">
                    {image.width} × {image.height}
                  </span>
                }
                hasCredits={hasCredits}
                below={
                  all.length > 1 && (
                    <VersionSwitcher
                      versions={all}
                      shown={image}
                      onPick={(version) => onPick(image.ratio, version)}
                    />
                  )
                }
              >
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
                {isLowConfidence(image.confidence) ? (
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
                ) : (
                  alternatives.length > 0 && (
                    <OtherVersions
                      alternatives={alternatives}
                      disabled={busy || !hasCredits}
                      onChoose={(alternative) => onRegenerate(image.ratio, alternative)}
                    />
                  )
                )}
              </ResultTile>
            </li>
          );
        })}
        {waiting.map((ratio) => (
          <li key={ratio} data-testid="result-placeholder">
            <ResultTile
              output={ratio}
              made={null}
              busy
              size="regular"
              title={r.resultTitle(ratio)}
              detail={null}
              hasCredits={hasCredits}
            />
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** A result's alternatives, each one click: one regeneration, one credit. */
interface AlternativesProps {
  alternatives: readonly Alternative[];
  disabled: boolean;
  onChoose: (alternative: Alternative) => void;
}

/** A weak result's cleaner versions, as buttons in its warning. */
function AlternativeButtons({ alternatives, disabled, onChoose }: AlternativesProps) {
  return (
    <div className="mt-2.5" data-testid="alternatives">
      <p className="font-medium">{r.alternativesTitle}</p>
      <div className="mt-1.5 flex flex-col gap-1.5">
        {alternatives.map((alternative) => (
          <Button
            key={alternative.id}
            variant="secondary"
            // One per row, the label wrapping and the cost kept whole, however narrow the card.
            className="h-auto! min-h-8 w-full justify-between! gap-2 px-2.5 py-1 text-xs whitespace-normal!"
            disabled={disabled}
            onClick={() => onChoose(alternative)}
          >
            <span className="min-w-0 text-left">{alternative.label}</span>
            <span className="shrink-0 font-normal whitespace-nowrap text-slate-500">
              {' '}
              · {r.alternativeCost}
            </span>
          </Button>
        ))}
      </div>
    </div>
  );
}

/** A result the engine is sure of offers the same alternatives, quietly, as links. */
function OtherVersions({ alternatives, disabled, onChoose }: AlternativesProps) {
  return (
    <p
      className="-mt-1 flex flex-wrap items-baseline gap-x-3 gap-y-1 text-xs text-slate-600"
      data-testid="other-versions"
    >
      <span>{r.otherVersionsTitle}</span>
      {alternatives.map((alternative) => (
        <button
          key={alternative.id}
          type="button"
          disabled={disabled}
          onClick={() => onChoose(alternative)}
          className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:text-slate-400 disabled:no-underline"
        >
          {alternative.label}
        </button>
      ))}
    </p>
  );
}

/** Which version of a regenerated result is shown: the one downloaded and zipped. */
function VersionSwitcher({
  versions,
  shown,
  onPick,
}: {
  versions: readonly ExpandedImage[];
  shown: ExpandedImage;
  onPick: (index: number) => void;
}) {
  const current = Math.max(
    0,
    versions.findIndex((version) => version.url === shown.url),
  );
  return (
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
  );
}
