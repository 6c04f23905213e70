import { useQuery } from '@tanstack/react-query';
import { FileArchive } from 'lucide-react';
import { useState } from 'react';
import { copy, outputFilename } from '@reframe/shared';
import { siteConfigQuery } from '../../../api/site-config';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { ResultViewer } from '../../../components/ResultViewer';
import type { Alternative, Deployment } from '../alternatives';
import { trimLabel } from '../result-placement';
import { ResultAlternatives } from '../ResultAlternatives';
import { ResultTile } from '../ResultTile';
import { madeFor, type BulkOutput } from '../run/bulk-outputs';
import { isSettled } from '../run/run-queue';
import type { BulkPhoto } from './use-bulk-photos';

const r = copy.resizer;

/**
 * The run, photo by photo: each output's progress, then its result at its exact size, named in
 * full, with compare, regenerate, what it trimmed and its alternatives as a single result has.
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
  /** A new version of one output: with the run's choices, or with one of its alternatives. */
  onRegenerate: (output: BulkOutput, alternative?: Alternative) => void;
}) {
  const deployment = useQuery(siteConfigQuery).data ?? null;
  const [viewing, setViewing] = useState<{ photoId: number; index: number } | null>(null);
  const done = outputs.filter((o) => o.status === 'completed').length;
  const settled = outputs.every((o) => isSettled(o.status));
  const viewed = photos.find((photo) => photo.id === viewing?.photoId);
  return (
    <Card className="@container p-5 sm:p-6">
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
              <ul className="grid grid-cols-2 gap-3 @lg:grid-cols-3 @4xl:grid-cols-4">
                {outputs
                  .filter((o) => o.uploadId === photo.upload?.id)
                  .map((o) => (
                    <li key={o.predictionId} data-testid="bulk-output">
                      <OutputTile
                        output={o}
                        original={photo.upload ?? null}
                        deployment={deployment}
                        hasCredits={hasCredits}
                        onOpen={() =>
                          setViewing({
                            photoId: photo.id,
                            index: madeFor(outputs, photo.upload?.id).findIndex(
                              (made) => made.predictionId === o.predictionId,
                            ),
                          })
                        }
                        onRegenerate={(alternative) => onRegenerate(o, alternative)}
                      />
                    </li>
                  ))}
              </ul>
            </li>
          ))}
      </ul>
      {viewed?.upload && (
        <ResultViewer
          images={madeFor(outputs, viewed.upload.id).map((o) => ({ ...o, ratio: o.key }))}
          index={viewing?.index ?? null}
          original={viewed.upload}
          onIndex={(index) => setViewing({ photoId: viewed.id, index })}
          onClose={() => setViewing(null)}
        />
      )}
    </Card>
  );
}

/** One output of the run: its status until its result is made, then the result. */
function OutputTile({
  output,
  original,
  deployment,
  hasCredits,
  onOpen,
  onRegenerate,
}: {
  output: BulkOutput;
  original: { width: number; height: number } | null;
  deployment: Deployment | null;
  hasCredits: boolean;
  onOpen: () => void;
  onRegenerate: (alternative?: Alternative) => void;
}) {
  const { key, url, width, height, status, error } = output;
  const busy = !isSettled(status);
  const made = url !== null && status === 'completed';
  const trimmed = made && original && trimLabel(original, output);
  return (
    <ResultTile
      output={key}
      made={
        url === null
          ? null
          : { image: { url, width, height }, onOpen, onRegenerate: () => onRegenerate() }
      }
      status={status}
      busy={busy}
      size="compact"
      title={r.outputName(key)}
      detail={outputFilename(key, width, height)}
      hasCredits={hasCredits}
    >
      {trimmed && (
        <p className="text-slate-600" data-testid="result-trimmed">
          {trimmed}
        </p>
      )}
      {made && (
        <ResultAlternatives
          result={output}
          original={original}
          deployment={deployment}
          compact
          disabled={busy || !hasCredits}
          onChoose={onRegenerate}
        />
      )}
      {error && <p className="text-red-700">{error}</p>}
    </ResultTile>
  );
}
