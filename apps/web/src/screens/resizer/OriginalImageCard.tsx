import { copy, type UploadResponse } from '@reframe/shared';
import { Card } from '../../components/Card';
import { checkerboard } from '../../components/checkerboard';
import { Spinner } from '../../components/Spinner';
import type { ChosenImage } from './use-image-upload';

const r = copy.resizer;

/** Below this on its short side, an image gives small results: the card says so. */
const SMALL_IMAGE_SIDE = 300;

/** The brief's Original Image card: preview (400 px high at most), selected and original ratios. */
export function OriginalImageCard({
  chosen,
  upload,
  selected,
}: {
  chosen: ChosenImage;
  upload: UploadResponse | null;
  selected: readonly string[];
}) {
  return (
    <Card className="overflow-hidden">
      <div className="flex items-center justify-between gap-3 px-5 pt-5 sm:px-6">
        <h2 className="text-base font-semibold text-slate-900">{r.originalImage}</h2>
        {upload && (
          <span className="text-xs text-slate-500 tabular-nums">
            {upload.width} × {upload.height}
          </span>
        )}
      </div>
      <div
        className={`mx-5 mt-4 grid place-items-center rounded-xl ring-1 ring-slate-200 sm:mx-6 ${checkerboard}`}
      >
        {chosen.previewUrl ? (
          <img
            src={chosen.previewUrl}
            alt={r.originalAlt}
            className="max-h-[400px] w-auto max-w-full object-contain"
          />
        ) : (
          // A photo the browser cannot draw (HEIC) shows once its stored copy is made.
          <div className="grid h-48 place-items-center">
            <Spinner className="text-brand-600" />
          </div>
        )}
      </div>
      {upload && Math.min(upload.width, upload.height) < SMALL_IMAGE_SIDE && (
        <p
          data-testid="small-image-note"
          className="mx-5 mt-4 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-2.5 text-sm text-amber-900 sm:mx-6"
        >
          {r.smallImage(upload.width, upload.height)}
        </p>
      )}
      <dl className="grid gap-4 px-5 py-5 sm:grid-cols-[auto_1fr] sm:gap-x-8 sm:px-6">
        <div>
          <dt className="text-xs font-medium text-slate-500">{r.originalRatio}</dt>
          <dd className="mt-1 text-sm font-semibold text-slate-900" data-testid="original-ratio">
            {upload ? `${upload.originalRatio.toFixed(2)}:1` : <Spinner size="sm" />}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">{r.selectedRatios}</dt>
          <dd className="mt-1 flex flex-wrap gap-1.5">
            {selected.length === 0 && (
              <span className="text-sm text-slate-500">{r.noRatioSelected}</span>
            )}
            {selected.map((label) => (
              <span
                key={label}
                className="rounded-md bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700 ring-1 ring-brand-100"
                data-testid="selected-output"
              >
                {r.outputName(label)}
              </span>
            ))}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
