import type { StoredFormat } from '@reframe/engine';

/** The extension a stored original's key ends with, and the type it is served as. */
const STORED_FORMATS: Record<StoredFormat, { extension: string; contentType: string }> = {
  jpeg: { extension: '.jpg', contentType: 'image/jpeg' },
  png: { extension: '.png', contentType: 'image/png' },
  webp: { extension: '.webp', contentType: 'image/webp' },
};

export function extensionFor(format: StoredFormat): string {
  return STORED_FORMATS[format].extension;
}

/** Results, and originals stored before keys had an extension, are PNG. */
function formatOfKey(key: string): { extension: string; contentType: string } {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const known = Object.values(STORED_FORMATS).find(({ extension }) => name.endsWith(extension));
  return known ?? STORED_FORMATS.png;
}

export function contentTypeOfKey(key: string): string {
  return formatOfKey(key).contentType;
}

export function extensionOfKey(key: string): string {
  return formatOfKey(key).extension;
}
