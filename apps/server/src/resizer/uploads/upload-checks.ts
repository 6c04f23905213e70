import { isEngineInputError } from '@reframe/engine';
import { acceptedImageExtensions, type ErrorCode } from '@reframe/shared';
import { AppError } from '../../platform/http/app-error';

/** The brief's extension rule: image/* types pass, else an accepted format's extension. */
const IMAGE_EXTENSIONS = new Set(acceptedImageExtensions);

function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot >= 0 ? filename.slice(dot + 1).toLowerCase() : '';
}

/** SVG is an image/* type the brief would let through, but it is a document, not pixels. */
function isSvg(filename: string, mimetype: string): boolean {
  return mimetype.toLowerCase().startsWith('image/svg') || extensionOf(filename) === 'svg';
}

/** The declared type and name, before looking at the bytes. */
export function checkDeclaredType(filename: string, mimetype: string): void {
  const declaredImage =
    mimetype.toLowerCase().startsWith('image/') || IMAGE_EXTENSIONS.has(extensionOf(filename));
  if (!declaredImage || isSvg(filename, mimetype)) throw new AppError('INVALID_FILE_TYPE', 400);
}

/** A stored name: the file's own name without any folder, or "unknown". */
export function cleanFilename(filename: string | undefined): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((char) => {
    const code = char.charCodeAt(0);
    return code >= 0x20 && code !== 0x7f;
  });
  const clean = printable.join('').trim().slice(0, 255);
  return clean || 'unknown';
}

const ENGINE_CODES: Record<string, ErrorCode> = {
  UNSUPPORTED_FORMAT: 'INVALID_FILE_TYPE',
  TRUNCATED: 'UPLOAD_TRUNCATED',
  ANIMATED: 'UPLOAD_ANIMATED',
  TOO_MANY_PIXELS: 'UPLOAD_TOO_MANY_PIXELS',
  TOO_COSTLY: 'UPLOAD_TOO_COSTLY',
  HEIC_UNREADABLE: 'UPLOAD_HEIC_UNREADABLE',
};

/**
 * Translates the engine's refusal of the bytes into the upload's message. Anything else is a
 * fault of the server (a worker that died, a full disk), not of the file: it is thrown as it is,
 * so the error handler logs it and answers 500.
 */
export function throwUploadError(error: unknown): never {
  if (!isEngineInputError(error)) throw error;
  throw new AppError(ENGINE_CODES[error.code] ?? 'UPLOAD_TRUNCATED', 400, { cause: error });
}
