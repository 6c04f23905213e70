/** The download formats: PNG (the results as made, the default), JPEG or WebP. */
export const downloadFormats = ['png', 'jpeg', 'webp'] as const;
export type DownloadFormat = (typeof downloadFormats)[number];

const FORMATS: Record<DownloadFormat, { type: string; extension: string; quality?: number }> = {
  png: { type: 'image/png', extension: 'png' },
  // 0.92 is the browsers' own default for JPEG: no visible loss on photos, about a fifth the size.
  jpeg: { type: 'image/jpeg', extension: 'jpg', quality: 0.92 },
  // WebP at 0.9 looks like JPEG at 0.92 and is smaller again.
  webp: { type: 'image/webp', extension: 'webp', quality: 0.9 },
};

export const extensionOf = (format: DownloadFormat) => FORMATS[format].extension;

export function isDownloadFormat(value: string): value is DownloadFormat {
  return (downloadFormats as readonly string[]).includes(value);
}

/**
 * Re-encodes a result (a PNG) in the browser. JPEG has no transparency: the image is laid on
 * white, as an image editor exports it.
 */
export async function encodeAs(bytes: Uint8Array, format: DownloadFormat): Promise<Uint8Array> {
  if (format === 'png') return bytes;
  const bitmap = await createImageBitmap(new Blob([bytes as BlobPart], { type: 'image/png' }));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  if (format === 'jpeg') {
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, bitmap.width, bitmap.height);
  }
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  const { type, quality } = FORMATS[format];
  const blob = await canvas.convertToBlob({ type, quality });
  return new Uint8Array(await blob.arrayBuffer());
}
