import { CalendarClock, FileArchive, Layers, Sparkles } from 'lucide-react';
import { copy, type HistoryItem } from '@reframe/shared';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { checkerboard } from '../../components/checkerboard';
import { FallbackImage } from './FallbackImage';
import { formatRunDate, historyVersions, madeWith } from './history-card';

const h = copy.history;
/** Thumbnail height; the width follows each version's own aspect ratio. */
const THUMB_HEIGHT_PX = 60;
const THUMB_MAX_WIDTH_PX = 140;

export function HistoryCard({
  item,
  zipping,
  zipError,
  onDownload,
}: {
  item: HistoryItem;
  zipping: boolean;
  zipError: string | null;
  onDownload: () => void;
}) {
  const versions = historyVersions(item);
  const provenance = madeWith(item);
  return (
    <Card className="flex w-full min-w-0 flex-col overflow-hidden" data-testid="history-card">
      <div className={`relative flex h-52 items-center justify-center p-3 ${checkerboard}`}>
        <FallbackImage
          src={item.originalImage}
          alt={h.originalAlt(item.originalFilename)}
          loading="lazy"
          className="max-h-full max-w-full rounded-md object-contain shadow-sm"
        />
        <span className="absolute top-3 left-3 rounded-md bg-slate-900/80 px-2 py-0.5 text-xs font-semibold text-white backdrop-blur-sm">
          {h.original}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-4 p-4 sm:p-5">
        <div className="flex items-center justify-between gap-3">
          <p
            className="min-w-0 truncate text-sm font-semibold text-slate-900"
            title={item.originalFilename}
          >
            {item.originalFilename}
          </p>
          <span
            className="inline-flex shrink-0 items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700 ring-1 ring-brand-100"
            data-testid="version-count"
          >
            <Layers aria-hidden="true" className="size-3.5" />
            {h.versions(versions.length)}
          </span>
        </div>
        <p className="-mt-2.5 flex items-center gap-1.5 text-xs text-slate-500">
          <CalendarClock aria-hidden="true" className="size-3.5" />
          <time dateTime={item.timestamp}>{formatRunDate(item.timestamp)}</time>
        </p>
        {provenance && (
          <p
            className="-mt-2.5 flex items-center gap-1.5 text-xs text-slate-500"
            data-testid="made-with"
          >
            <Sparkles aria-hidden="true" className="size-3.5" />
            {provenance}
          </p>
        )}
        <ul className="flex flex-wrap items-end gap-2.5">
          {versions.map((version) => (
            <li key={version.ratio}>
              <a
                href={version.url}
                target="_blank"
                rel="noopener noreferrer"
                className="group block rounded-md"
                data-testid="history-version"
              >
                <FallbackImage
                  src={version.url}
                  alt={h.versionAlt(version.ratio)}
                  loading="lazy"
                  className="rounded-md object-cover ring-1 ring-slate-200 transition group-hover:ring-2 group-hover:ring-brand-500"
                  style={{
                    height: THUMB_HEIGHT_PX,
                    width: Math.min(
                      THUMB_MAX_WIDTH_PX,
                      Math.round(THUMB_HEIGHT_PX * version.aspect),
                    ),
                  }}
                />
                <span className="mt-1 block text-center text-[11px] font-medium text-slate-600">
                  {version.ratio}
                </span>
              </a>
            </li>
          ))}
        </ul>
        {zipError && <Alert>{zipError}</Alert>}
        <Button
          variant="secondary"
          fullWidth
          className="mt-auto"
          busy={zipping}
          busyLabel={h.preparingZip}
          onClick={onDownload}
        >
          <FileArchive aria-hidden="true" className="size-4" />
          {h.downloadAllZip}
        </Button>
      </div>
    </Card>
  );
}
