import { useCallback, useEffect, useRef, useState } from 'react';
import {
  browsersShowFile,
  copy,
  MAX_BULK_PHOTOS,
  thumbnailUrl,
  type UploadResponse,
} from '@reframe/shared';
import { uploadImage } from '../../../api/resizer';
import { uploadProblem } from '../upload-checks';

export interface BulkPhoto {
  id: number;
  file: File;
  /** A local object URL; for a file the browser cannot draw (HEIC), its stored thumbnail once uploaded. */
  previewUrl: string | null;
  upload: UploadResponse | null;
  error: string | null;
}

/**
 * The photos of a bulk run (Growth and Expert): each checked, then uploaded one after another as
 * they are added, up to the plan's cap. While there are any, the resizer is in bulk mode. Photos
 * past the cap are neither listed nor uploaded, and `overflow` says so. Each local preview is
 * released when its photo leaves the list.
 */
export function useBulkPhotos() {
  const [photos, setPhotos] = useState<BulkPhoto[]>([]);
  const [overflow, setOverflow] = useState<string | null>(null);
  /** The list as of the last change, so that two drops in a row share the cap. */
  const listed = useRef<BulkPhoto[]>([]);
  const alive = useRef(true);
  const nextPhotoId = useRef(1);
  const uploads = useRef<Promise<void>>(Promise.resolve());

  const list = useCallback((next: BulkPhoto[]) => {
    listed.current = next;
    setPhotos(next);
  }, []);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      listed.current.forEach(releasePreview);
    };
  }, []);

  const addFiles = useCallback(
    (files: readonly File[]) => {
      const patchPhoto = (id: number, patch: Partial<BulkPhoto>) =>
        list(listed.current.map((p) => (p.id === id ? { ...p, ...patch } : p)));
      const room = MAX_BULK_PHOTOS - listed.current.length;
      const leftOut = files.length - Math.max(0, room);
      setOverflow(leftOut > 0 ? copy.resizer.bulkLeftOut(leftOut) : null);
      const added = files.slice(0, Math.max(0, room)).map((file) => ({
        id: nextPhotoId.current++,
        file,
        previewUrl: browsersShowFile(file) ? URL.createObjectURL(file) : null,
        upload: null,
        error: uploadProblem(file),
      }));
      list([...listed.current, ...added]);
      for (const photo of added) {
        if (photo.error) continue;
        // One upload at a time: the server takes two per user at once and refuses a third. A photo
        // removed before its turn is not uploaded.
        uploads.current = uploads.current.then(async () => {
          if (!listed.current.some((p) => p.id === photo.id)) return;
          try {
            const upload = await uploadImage(photo.file);
            const previewUrl = photo.previewUrl ?? thumbnailUrl(upload.url, 'thumb');
            if (alive.current) patchPhoto(photo.id, { upload, previewUrl });
          } catch (failure) {
            if (alive.current) patchPhoto(photo.id, { error: (failure as Error).message });
          }
        });
      }
    },
    [list],
  );

  const removePhoto = useCallback(
    (id: number) => {
      listed.current.filter((p) => p.id === id).forEach(releasePreview);
      list(listed.current.filter((p) => p.id !== id));
      setOverflow(null);
    },
    [list],
  );

  const clear = useCallback(() => {
    listed.current.forEach(releasePreview);
    list([]);
    setOverflow(null);
  }, [list]);

  return {
    photos,
    overflow,
    uploading: photos.some((p) => !p.upload && !p.error),
    addFiles,
    removePhoto,
    clear,
  };
}

/** Frees a photo's local object URL (a stored thumbnail's address needs nothing). */
function releasePreview(photo: BulkPhoto): void {
  if (photo.previewUrl?.startsWith('blob:')) URL.revokeObjectURL(photo.previewUrl);
}

export type BulkPhotos = ReturnType<typeof useBulkPhotos>;
