import { Download, FileArchive, RefreshCw } from 'lucide-react';
import { copy, errorMessages, parseRatio } from '@reframe/shared';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Spinner } from '../../components/Spinner';
import { checkerboard } from '../../components/checkerboard';
import { Tooltip } from '../../components/Tooltip';
import type { ExpandedImage } from './run-prediction';
import { useResultDownloads } from './use-downloads';

const r = copy.resizer;

export function ExpandedImagesCard({
  results,
  waiting,
  isBusy,
  hasCredits,
  onRegenerate,
}: {
  results: readonly ExpandedImage[];
  /** Ratios still running that have no result yet: shown as placeholders. */
  waiting: readonly string[];
  isBusy: (ratio: string) => boolean;
  hasCredits: boolean;
  onRegenerate: (ratio: string) => void;
}) {
  const downloads = useResultDownloads();
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">{r.expandedImages}</h2>
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
      {downloads.error && <Alert className="mt-4">{downloads.error}</Alert>}
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {results.map((image) => (
          <li key={image.ratio} data-testid="result">
            <ResultTile
              image={image}
              busy={isBusy(image.ratio)}
              hasCredits={hasCredits}
              onRegenerate={onRegenerate}
              onDownload={() => void downloads.downloadOne(image)}
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
  busy,
  hasCredits,
  onRegenerate,
  onDownload,
}: {
  image: ExpandedImage;
  busy: boolean;
  hasCredits: boolean;
  onRegenerate: (ratio: string) => void;
  onDownload: () => void;
}) {
  return (
    <figure className="flex h-full flex-col overflow-hidden rounded-xl ring-1 ring-slate-200">
      <div className={`relative flex h-64 items-center justify-center p-3 sm:h-72 ${checkerboard}`}>
        {busy && <Spinner size="lg" className="absolute text-brand-600" />}
        <img
          src={image.url}
          alt={r.resultAlt(image.ratio)}
          width={image.width}
          height={image.height}
          className={`max-h-full w-auto max-w-full rounded-md object-contain shadow-sm transition-opacity ${busy ? 'opacity-40' : ''}`}
        />
      </div>
      <figcaption className="flex flex-1 flex-col gap-3 border-t border-slate-200 bg-white px-3.5 py-3">
        <div className="flex items-baseline justify-between gap-2">
          <p className="truncate text-sm font-semibold text-slate-900">
            {r.resultTitle(image.ratio)}
          </p>
          <p className="text-xs text-slate-500 tabular-nums" data-testid="result-size">
            {image.width} × {image.height}
          </p>
        </div>
        <div className="mt-auto grid grid-cols-2 gap-2">
          <Tooltip
            className="w-full"
            text={hasCredits ? null : errorMessages.OUT_OF_CREDITS_TOOLTIP}
          >
            {(describedBy) => (
              <Button
                variant="secondary"
                fullWidth
                className="h-9 px-3"
                aria-describedby={describedBy}
                disabled={busy || !hasCredits}
                onClick={() => onRegenerate(image.ratio)}
              >
                <RefreshCw aria-hidden="true" className={`size-4 ${busy ? 'animate-spin' : ''}`} />
                {r.regenerate}
              </Button>
            )}
          </Tooltip>
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
  const aspect = parseRatio(ratio.split(' ')[0] ?? ratio);
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
