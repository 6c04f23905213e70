import { FileArchive, Maximize2 } from 'lucide-react';
import { useState } from 'react';
import { copy, outputFilename, thumbnailUrl } from '@reframe/shared';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { checkerboard } from '../../../components/checkerboard';
import { ResultViewer } from '../../../components/ResultViewer';
import { RegenerateButton } from '../RegenerateButton';
import { isSettled } from '../run-queue';
import { StatusBadge } from '../StatusBadge';
import type { BulkOutput, BulkPhoto } from './use-bulk-run';

const r = copy.resizer;

/**
 * The run, photo by photo: each output's progress, then its result at its exact size, named in
 * full, with compare and regenerate as a single result has.
 */
export function BulkQueue({
  photos,
  outputs,
  zipping,
  hasCredits,
  onDownloadZip,
  onRegenerate,
}: {
  photos: readonly BulkPhoto[];
  outputs: readonly BulkOutput[];
  zipping: boolean;
  hasCredits: boolean;
  onDownloadZip: () => void;
  onRegenerate: (output: BulkOutput) => void;
}) {
  const [viewing, setViewing] = useState<{ photoId: number; index: number } | null>(null);
  const done = outputs.filter((o) => o.status === 'completed').length;
  const settled = outputs.every((o) => isSettled(o.status));
  const madeFor = (photo: BulkPhoto) =>
    outputs.filter((o) => o.uploadId === photo.upload?.id && o.url !== null);
  const viewed = photos.find((photo) => photo.id === viewing?.photoId);
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
              <p className="mb-2 text-sm font-semibold break-words text-slate-800">
                {photo.file.name}
              </p>
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
                {outputs
                  .filter((o) => o.uploadId === photo.upload?.id)
                  .map((o) => (
                    <li
                      key={o.predictionId}
                      className="flex flex-col rounded-lg ring-1 ring-slate-200"
                      data-testid="bulk-output"
                    >
                      <div
                        className={`relative grid h-28 place-items-center overflow-hidden rounded-t-lg p-2 ${checkerboard}`}
                      >
                        {o.url ? (
                          <button
                            type="button"
                            className="group relative h-full w-full cursor-zoom-in rounded-md focus-visible:ring-4 focus-visible:ring-brand-500/60 focus-visible:outline-none"
                            aria-label={r.compareLabel(r.outputName(o.key))}
                            onClick={() =>
                              setViewing({
                                photoId: photo.id,
                                index: madeFor(photo).findIndex(
                                  (made) => made.predictionId === o.predictionId,
                                ),
                              })
                            }
                          >
                            <img
                              src={thumbnailUrl(o.url, 'preview')}
                              alt={r.resultAlt(o.key)}
                              width={o.width}
                              height={o.height}
                              className={`h-full w-full object-contain ${isSettled(o.status) ? '' : 'opacity-40'}`}
                              data-testid="bulk-result"
                            />
                            <span className="absolute right-1 bottom-1 flex items-center gap-1 rounded-full bg-slate-950/70 px-1.5 py-0.5 text-[11px] font-semibold text-white opacity-90 group-hover:opacity-100">
                              <Maximize2 aria-hidden="true" className="size-3" />
                              {r.compare}
                            </span>
                          </button>
                        ) : (
                          <StatusBadge status={o.status} />
                        )}
                      </div>
                      <div className="flex flex-1 flex-col gap-2 rounded-b-lg border-t border-slate-200 bg-white px-2 py-1.5 text-xs">
                        <div>
                          <p
                            className="font-medium break-words text-slate-800"
                            data-testid="bulk-output-name"
                          >
                            {r.outputName(o.key)}
                          </p>
                          <p className="break-all text-slate-500">
                            {outputFilename(o.key, o.width, o.height)}
                          </p>
                          {o.error && <p className="text-red-700">{o.error}</p>}
                        </div>
                        {o.url && (
                          <div className="mt-auto">
                            <RegenerateButton
                              size="compact"
                              hasCredits={hasCredits}
                              busy={!isSettled(o.status)}
                              onClick={() => onRegenerate(o)}
                            />
                          </div>
                        )}
                      </div>
                    </li>
                  ))}
              </ul>
            </li>
          ))}
      </ul>
      {viewed?.upload && (
        <ResultViewer
          images={madeFor(viewed).map((o) => ({ ...o, ratio: o.key, url: o.url ?? '' }))}
          index={viewing?.index ?? null}
          original={viewed.upload}
          onIndex={(index) => setViewing({ photoId: viewed.id, index })}
          onClose={() => setViewing(null)}
        />
      )}
    </Card>
  );
}
