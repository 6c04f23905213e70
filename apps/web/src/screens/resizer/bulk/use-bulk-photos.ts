import { useCallback, useEffect, useRef, useState } from 'react';
import {
  browsersShowFile,
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
 * they are added, up to the plan's cap. While there are any, the resizer is in bulk mode.
 */
export function useBulkPhotos() {
  const [photos, setPhotos] = useState<BulkPhoto[]>([]);
  const alive = useRef(true);
  const nextPhotoId = useRef(1);
  const uploads = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const patchPhoto = (id: number, patch: Partial<BulkPhoto>) =>
    setPhotos((current) => current.map((p) => (p.id === id ? { ...p, ...patch } : p)));

  const addFiles = useCallback((files: readonly File[]) => {
    const added = files.map((file) => ({
      id: nextPhotoId.current++,
      file,
      previewUrl: browsersShowFile(file) ? URL.createObjectURL(file) : null,
      upload: null,
      error: uploadProblem(file),
    }));
    setPhotos((current) => [...current, ...added].slice(0, MAX_BULK_PHOTOS));
    for (const photo of added) {
      if (photo.error) continue;
      // One upload at a time: the server takes two per user at once and refuses a third.
      uploads.current = uploads.current.then(async () => {
        try {
          const upload = await uploadImage(photo.file);
          const previewUrl = photo.previewUrl ?? thumbnailUrl(upload.url, 'thumb');
          if (alive.current) patchPhoto(photo.id, { upload, previewUrl });
        } catch (failure) {
          if (alive.current) patchPhoto(photo.id, { error: (failure as Error).message });
        }
      });
    }
  }, []);

  const removePhoto = useCallback((id: number) => {
    setPhotos((current) => current.filter((p) => p.id !== id));
  }, []);

  const clear = useCallback(() => setPhotos([]), []);

  return {
    photos,
    uploading: photos.some((p) => !p.upload && !p.error),
    addFiles,
    removePhoto,
    clear,
  };
}

export type BulkPhotos = ReturnType<typeof useBulkPhotos>;
