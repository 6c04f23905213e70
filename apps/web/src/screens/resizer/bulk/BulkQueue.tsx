import { FileArchive } from 'lucide-react';
import { copy, outputFilename, thumbnailUrl } from '@reframe/shared';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { checkerboard } from '../../../components/checkerboard';
import { StatusBadge } from '../StatusBadge';
import type { BulkOutput, BulkPhoto } from './use-bulk-run';

const r = copy.resizer;

/** The run, photo by photo: each output's progress, then its result at its exact size. */
export function BulkQueue({
  photos,
  outputs,
  zipping,
  onDownloadZip,
}: {
  photos: readonly BulkPhoto[];
  outputs: readonly BulkOutput[];
  zipping: boolean;
  onDownloadZip: () => void;
}) {
  const done = outputs.filter((o) => o.status === 'completed').length;
  const settled = outputs.every((o) => o.status === 'completed' || o.status === 'error');
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold text-slate-900">{r.bulkQueue}</h2>
          <p className="text-sm text-slate-500" data-testid="bulk-progress">
            {r.bulkDone(done, outputs.length)}
          </p>
        </div>
        {settled && done > 0 && (
          <Button
            variant="secondary"
            busy={zipping}
            busyLabel={r.preparingZip}
            onClick={onDownloadZip}
            data-testid="bulk-zip"
          >
            <FileArchive aria-hidden="true" className="size-4" />
            {r.bulkDownloadZip}
          </Button>
        )}
      </div>
      <ul className="mt-4 flex flex-col gap-5">
        {photos
          .filter((photo) => photo.upload)
          .map((photo) => (
            <li key={photo.id} data-testid="bulk-photo">
              <p className="mb-2 truncate text-sm font-semibold text-slate-800">
                {photo.file.name}
              </p>
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
                {outputs
                  .filter((o) => o.uploadId === photo.upload?.id)
                  .map((o) => (
                    <li
                      key={o.predictionId}
                      className="overflow-hidden rounded-lg ring-1 ring-slate-200"
                      data-testid="bulk-output"
                    >
                      <div
                        className={`grid h-28 place-items-center overflow-hidden p-2 ${checkerboard}`}
                      >
                        {o.url ? (
                          <img
                            src={thumbnailUrl(o.url, 'preview')}
                            alt={r.resultAlt(o.key)}
                            width={o.width}
                            height={o.height}
                            className="h-full w-full object-contain"
                            data-testid="bulk-result"
                          />
                        ) : (
                          <StatusBadge status={o.status} />
                        )}
                      </div>
                      <div className="border-t border-slate-200 bg-white px-2 py-1.5 text-xs">
                        <p className="truncate font-medium text-slate-800">
                          {outputFilename(o.key, o.width, o.height)}
                        </p>
                        {o.error && <p className="text-red-700">{o.error}</p>}
                      </div>
                    </li>
                  ))}
              </ul>
            </li>
          ))}
      </ul>
    </Card>
  );
}
