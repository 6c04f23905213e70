import {
  acceptedImageExtensions,
  acceptedImageFormats,
  errorMessages,
  fileExtension,
  MAX_UPLOAD_BYTES,
} from '@reframe/shared';

/** react-dropzone's accept list, which the file picker offers: every accepted format. */
export const DROPZONE_ACCEPT: Record<string, string[]> = Object.fromEntries(
  acceptedImageFormats.flatMap((format) =>
    format.mimeTypes.map((type) => [type, format.extensions.map((extension) => `.${extension}`)]),
  ),
);

interface FileLike {
  name: string;
  type: string;
  size: number;
}

/** The brief: a file counts as an image if its type starts with image/, or by its extension. */
function isAcceptedImageFile(file: Pick<FileLike, 'name' | 'type'>): boolean {
  if (file.type.startsWith('image/')) return true;
  return acceptedImageExtensions.includes(fileExtension(file.name));
}

/** The message to show for a chosen file, or null when it may be uploaded. */
export function uploadProblem(file: FileLike): string | null {
  if (!isAcceptedImageFile(file)) return errorMessages.INVALID_FILE_TYPE;
  if (file.size > MAX_UPLOAD_BYTES) return errorMessages.UPLOAD_TOO_LARGE;
  return null;
}

/**
 * Only the first dropped file is used, whether the dropzone accepted it or not (it rejects every
 * file of a multi-file drop); our own checks then decide.
 */
export function firstDroppedFile<T>(accepted: readonly T[], rejected: readonly { file: T }[]) {
  return accepted[0] ?? rejected[0]?.file ?? null;
}
