import {
  CalendarClock,
  FileArchive,
  Layers,
  Maximize2,
  Sparkles,
  Terminal,
  Trash2,
  TriangleAlert,
  UserRound,
} from 'lucide-react';
import { useState } from 'react';
import { apiWebCopy, copy, thumbnailUrl, type HistoryItem } from '@reframe/shared';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { checkerboard } from '../../components/checkerboard';
import { ResultViewer } from '../../components/ResultViewer';
import { FallbackImage } from './FallbackImage';
import { formatRunDate, historyVersions, madeWith, thumbnailSize } from './history-card';

const h = copy.history;
/** Thumbnail height; the width follows each version's own aspect ratio. */
const THUMB_HEIGHT_PX = 60;
const THUMB_MAX_WIDTH_PX = 140;

export function HistoryCard({
  item,
  zipping,
  zipError,
  onDownload,
  deleting,
  deleteError,
  onDelete,
}: {
  item: HistoryItem;
  zipping: boolean;
  zipError: string | null;
  onDownload: () => void;
  deleting: boolean;
  deleteError: string | null;
  onDelete: () => void;
}) {
  const versions = historyVersions(item);
  const provenance = madeWith(item);
  const [originalSize, setOriginalSize] = useState<{ width: number; height: number } | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const latest = Object.entries(item.versions).flatMap(([ratio, list]) =>
    list.slice(-1).map((version) => ({ ratio, ...version })),
  );
  return (
    <Card className="flex w-full min-w-0 flex-col overflow-hidden" data-testid="history-card">
      <div className={`relative flex h-52 items-center justify-center p-3 ${checkerboard}`}>
        <FallbackImage
          src={thumbnailUrl(item.originalImage, 'preview')}
          alt={h.originalAlt(item.originalFilename)}
          loading="lazy"
          className="max-h-full max-w-full rounded-md object-contain shadow-sm"
          onLoad={(event) => {
            const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
            setOriginalSize({ width, height });
          }}
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
        <p className="-mt-2.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
          <span className="inline-flex items-center gap-1.5">
            <CalendarClock aria-hidden="true" className="size-3.5" />
            <time dateTime={item.timestamp}>{formatRunDate(item.timestamp)}</time>
          </span>
          {item.madeBy && (
            <span
              className="inline-flex items-center gap-1.5 font-medium text-slate-700"
              data-testid="made-by"
            >
              <UserRound aria-hidden="true" className="size-3.5" />
              {h.madeBy(item.madeBy)}
            </span>
          )}
          {item.apiKeyName && (
            <span
              className="inline-flex items-center gap-1 rounded-full bg-violet-50 px-2 py-0.5 font-medium text-violet-700 ring-1 ring-violet-200 ring-inset"
              title={apiWebCopy.history.apiBadgeLabel(item.apiKeyName)}
              data-testid="api-badge"
            >
              <Terminal aria-hidden="true" className="size-3.5" />
              {apiWebCopy.history.apiBadge(item.apiKeyName)}
            </span>
          )}
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
            <li key={version.url}>
              <a
                href={version.url}
                target="_blank"
                rel="noopener noreferrer"
                className="group block rounded-md"
                data-testid="history-version"
              >
                <FallbackImage
                  src={thumbnailUrl(version.url, 'thumb')}
                  alt={h.versionAlt(version.ratio)}
                  loading="lazy"
                  className="rounded-md object-contain ring-1 ring-slate-200 transition group-hover:ring-2 group-hover:ring-brand-500"
                  style={thumbnailSize(version.aspect, THUMB_MAX_WIDTH_PX, THUMB_HEIGHT_PX)}
                />
                <span className="mt-1 flex items-center justify-center gap-1 text-[11px] font-medium text-slate-600">
                  {version.weak && (
                    <TriangleAlert
                      role="img"
                      aria-label={copy.resizer.lowConfidenceBrief}
                      className="size-3 shrink-0 text-amber-600"
                      data-testid="history-version-weak"
                    >
                      <title>{copy.resizer.lowConfidenceBrief}</title>
                    </TriangleAlert>
                  )}
                  {version.of > 1 ? h.versionLabel(version.ratio, version.number) : version.ratio}
                </span>
                {version.trimmed && (
                  <span
                    className="block text-center text-[10px] text-slate-500"
                    title={version.trimmed.label}
                    data-testid="history-version-trimmed"
                  >
                    {h.versionTrimmed(version.trimmed.percent)}
                  </span>
                )}
              </a>
            </li>
          ))}
        </ul>
        {zipError && <Alert>{zipError}</Alert>}
        {deleteError && <Alert>{deleteError}</Alert>}
        <div className="mt-auto flex flex-col gap-2">
          <Button
            variant="secondary"
            fullWidth
            busy={zipping}
            busyLabel={h.preparingZip}
            onClick={onDownload}
          >
            <FileArchive aria-hidden="true" className="size-4" />
            {h.downloadAllZip}
          </Button>
          <div className={item.madeBy ? 'grid grid-cols-1 gap-2' : 'grid grid-cols-2 gap-2'}>
            <Button
              variant="ghost"
              disabled={!originalSize || latest.length === 0}
              onClick={() => setViewing(0)}
            >
              <Maximize2 aria-hidden="true" className="size-4" />
              {copy.resizer.compare}
            </Button>
            {/* Only its maker may delete a run (the server's rule); a teammate's run has no Delete. */}
            {!item.madeBy && (
              <Button
                variant="ghost"
                className="text-red-700! hover:bg-red-50!"
                aria-label={h.deleteRunLabel(item.originalFilename)}
                busy={deleting}
                busyLabel={h.deleting}
                onClick={onDelete}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {h.deleteRun}
              </Button>
            )}
          </div>
        </div>
      </div>
      {originalSize && (
        <ResultViewer
          images={latest}
          index={viewing}
          original={{ url: item.originalImage, ...(item.originalSize ?? originalSize) }}
          onIndex={setViewing}
          onClose={() => setViewing(null)}
        />
      )}
    </Card>
  );
}
