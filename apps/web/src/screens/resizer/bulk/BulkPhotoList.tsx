import { X } from 'lucide-react';
import { copy } from '@reframe/shared';
import { Card } from '../../../components/Card';
import { Spinner } from '../../../components/Spinner';
import type { BulkPhoto } from './use-bulk-photos';

const r = copy.resizer;

/** The run's photos: thumbnail, name, upload state, and a way to take one out before the run. */
export function BulkPhotoList({
  photos,
  disabled,
  onRemove,
  onClear,
}: {
  photos: readonly BulkPhoto[];
  disabled: boolean;
  onRemove: (id: number) => void;
  onClear: () => void;
}) {
  return (
    <Card className="p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-900" data-testid="bulk-count">
          {r.bulkPhotos(photos.length)}
        </h2>
        <button
          type="button"
          className="text-xs font-medium text-brand-700 underline disabled:opacity-50"
          disabled={disabled}
          onClick={onClear}
        >
          {r.bulkClear}
        </button>
      </div>
      <ul className="mt-3 grid grid-cols-4 gap-2 sm:grid-cols-6 lg:grid-cols-4">
        {photos.map((photo) => (
          <li key={photo.id} className="relative" title={photo.error ?? photo.file.name}>
            {photo.previewUrl ? (
              <img
                src={photo.previewUrl}
                alt={photo.file.name}
                className={`aspect-square w-full rounded-lg object-cover ring-1 ${photo.error ? 'opacity-40 ring-red-400' : 'ring-slate-200'}`}
              />
            ) : (
              <div
                role="img"
                aria-label={photo.file.name}
                className={`aspect-square w-full rounded-lg bg-slate-100 ring-1 ${photo.error ? 'ring-red-400' : 'ring-slate-200'}`}
              />
            )}
            {!photo.upload && !photo.error && (
              <Spinner size="sm" className="absolute top-1 left-1 text-brand-600" />
            )}
            <button
              type="button"
              aria-label={r.removePhoto(photo.file.name)}
              disabled={disabled}
              onClick={() => onRemove(photo.id)}
              className="absolute -top-1.5 -right-1.5 grid size-5 place-items-center rounded-full bg-white text-slate-600 shadow ring-1 ring-slate-300 disabled:opacity-50"
            >
              <X aria-hidden="true" className="size-3" />
            </button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
