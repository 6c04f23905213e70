import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { browsersShowFile, thumbnailUrl, type UploadResponse } from '@reframe/shared';
import { uploadImage } from '../../api/resizer';
import { uploadProblem } from './upload-checks';

export interface ChosenImage {
  name: string;
  /** Bytes of a file just chosen; null for a run restored from history. */
  size: number | null;
  /**
   * A local object URL, so the preview shows at once, or the stored original's preview: restored
   * from history, or once uploaded for a file the browser cannot draw (HEIC). Null until then.
   */
  previewUrl: string | null;
}

/**
 * The chosen image: checked in the browser, then uploaded once (POST /api/uploads). `onChosen`
 * runs for every accepted file, before the upload starts (a new upload clears the run).
 */
export function useImageUpload(
  onChosen: () => void,
  onUploaded: (upload: UploadResponse) => void,
  /** An image uploaded earlier (the last run, back from history), shown at first. */
  restored: UploadResponse | null = null,
) {
  const [chosen, setChosen] = useState<ChosenImage | null>(
    restored && {
      name: restored.filename,
      size: null,
      previewUrl: thumbnailUrl(restored.url, 'preview'),
    },
  );
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef<File | null>(null);
  const mutation = useMutation({
    mutationFn: uploadImage,
    // A slower upload of an image the user has already replaced must not win.
    onSuccess: (upload, file) => {
      if (file !== latest.current) return;
      setChosen((current) =>
        current && current.previewUrl === null
          ? { ...current, previewUrl: thumbnailUrl(upload.url, 'preview') }
          : current,
      );
      onUploaded(upload);
    },
    // A file the server refused leaves nothing chosen: the panel goes back to its empty state.
    onError: () => setChosen(null),
  });

  useEffect(() => {
    const previewUrl = chosen?.previewUrl;
    if (!previewUrl?.startsWith('blob:')) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [chosen]);

  function choose(file: File) {
    const message = uploadProblem(file);
    if (message) {
      setProblem(message);
      return;
    }
    setProblem(null);
    onChosen();
    latest.current = file;
    const previewUrl = browsersShowFile(file) ? URL.createObjectURL(file) : null;
    setChosen({ name: file.name, size: file.size, previewUrl });
    mutation.reset();
    mutation.mutate(file);
  }

  return {
    chosen,
    upload: mutation.data ?? null,
    uploading: mutation.isPending,
    error: problem ?? (mutation.error ? mutation.error.message : null),
    choose,
  };
}
