import clsx from 'clsx';
import { ImageUp } from 'lucide-react';
import { useDropzone } from 'react-dropzone';
import { copy, MAX_BULK_PHOTOS, MAX_UPLOAD_BYTES } from '@reframe/shared';
import { Spinner } from '../../components/Spinner';
import type { ChosenImage } from './use-image-upload';
import { DROPZONE_ACCEPT, firstDroppedFile } from './upload-checks';

const r = copy.resizer;

export function UploadArea({
  chosen,
  uploading,
  onFile,
  onFiles,
  several,
}: {
  chosen: ChosenImage | null;
  uploading: boolean;
  /** Growth and Expert pick several photos at once; Free and Starter one, as the brief says. */
  several: boolean;
  onFile: (file: File) => void;
  /** Several photos dropped or chosen at once: a bulk run (issue 15). */
  onFiles: (files: File[]) => void;
}) {
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: DROPZONE_ACCEPT,
    maxFiles: MAX_BULK_PHOTOS,
    maxSize: MAX_UPLOAD_BYTES,
    multiple: several,
    disabled: uploading,
    onDrop: (accepted, rejected) => {
      const all = [...accepted, ...rejected.map((rejection) => rejection.file)];
      if (all.length > 1) return onFiles(all);
      const file = firstDroppedFile<File>(accepted, rejected);
      if (file) onFile(file);
    },
  });

  return (
    <section aria-labelledby="upload-heading">
      <h2 id="upload-heading" className="mb-2.5 text-sm font-semibold text-slate-900">
        {r.uploadLabel}
      </h2>
      <div
        data-testid="upload-dropzone"
        {...getRootProps({
          className: clsx(
            'group flex cursor-pointer flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed px-6 text-center transition-colors',
            chosen ? 'py-6' : 'py-10',
            isDragActive
              ? 'border-brand-500 bg-brand-50'
              : 'border-slate-300 bg-white hover:border-brand-400 hover:bg-brand-50/40',
            uploading && 'cursor-wait opacity-80',
          ),
        })}
      >
        <input {...getInputProps({ 'aria-label': r.uploadLabel })} />
        {chosen ? (
          <ChosenFile chosen={chosen} uploading={uploading} />
        ) : (
          <span className="grid size-12 place-items-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100 transition-colors group-hover:bg-brand-100">
            <ImageUp aria-hidden="true" className="size-6" />
          </span>
        )}
        <div>
          <p className="text-sm font-medium text-slate-800">
            {isDragActive
              ? r.uploadHintDragging
              : chosen
                ? r.replaceHint
                : several
                  ? r.bulkUploadHint
                  : r.uploadHint}
          </p>
          <p className="mt-1 text-xs text-slate-500">{r.uploadSubHint}</p>
        </div>
      </div>
    </section>
  );
}

function ChosenFile({ chosen, uploading }: { chosen: ChosenImage; uploading: boolean }) {
  return (
    <div className="flex w-full max-w-sm items-center gap-3 rounded-xl bg-slate-50 p-2.5 text-left ring-1 ring-slate-200">
      {chosen.previewUrl ? (
        <img
          src={chosen.previewUrl}
          alt=""
          className="size-12 shrink-0 rounded-lg object-cover ring-1 ring-slate-200"
        />
      ) : (
        <div className="grid size-12 shrink-0 place-items-center rounded-lg bg-white ring-1 ring-slate-200">
          <ImageUp aria-hidden="true" className="size-5 text-slate-400" />
        </div>
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900" data-testid="chosen-filename">
          {chosen.name}
        </p>
        <p className="mt-0.5 flex items-center gap-1.5 text-xs text-slate-500">
          {uploading && <Spinner size="sm" className="size-3 text-brand-600" />}
          {uploading ? r.uploading : chosen.size !== null && formatBytes(chosen.size)}
        </p>
      </div>
    </div>
  );
}

function formatBytes(bytes: number): string {
  const format = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
  if (bytes >= 1024 * 1024) return `${format.format(bytes / 1024 / 1024)} MB`;
  return `${format.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
}
