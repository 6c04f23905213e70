import { ChevronLeft, ChevronRight, FileArchive } from 'lucide-react';
import { useState } from 'react';
import { copy } from '@reframe/shared';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { downloadFormats, isDownloadFormat, type DownloadFormat } from './image-format';
import type { Deployment } from './alternatives';
import type { FramingChoice } from './FramingPicker';
import { placementLabel, trimLabel } from './result-placement';
import { ResultAlternatives } from './ResultAlternatives';
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
                <ResultAlternatives
                  result={image}
                  original={original}
                  deployment={deployment}
                  disabled={busy || !hasCredits}
                  onChoose={(alternative) => onRegenerate(image.ratio, alternative)}
                  onChangePlacement={onChangePlacement}
                />
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
