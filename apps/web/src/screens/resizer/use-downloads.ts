import { useState } from 'react';
import { errorMessages, outputFilename } from '@reframe/shared';
import { fetchImageBytes, resizerZipFilename, zipDownloads } from './download';
import { encodeAs, extensionOf, type DownloadFormat } from './image-format';
import type { ExpandedImage } from './run/run-prediction';
import { browserFetch, saveBlob } from './save-file';

/**
 * Single and ZIP downloads of the versions shown, in the chosen format, with the brief's texts
 * when one fails.
 */
export function useResultDownloads(format: DownloadFormat) {
  const [zipping, setZipping] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nameOf = (image: ExpandedImage) =>
    outputFilename(image.ratio, image.width, image.height, extensionOf(format));

  async function downloadOne(image: ExpandedImage) {
    setError(null);
    try {
      const bytes = await encodeAs(await fetchImageBytes(image.url, browserFetch), format);
      saveBlob(new Blob([bytes as BlobPart]), nameOf(image));
    } catch {
      setError(errorMessages.SINGLE_DOWNLOAD_FAILED);
    }
  }

  async function downloadAll(images: readonly ExpandedImage[]) {
    setError(null);
    setZipping(true);
    try {
      const items = images.map((image) => ({
        url: image.url,
        filename: nameOf(image),
        crop: image.crop,
      }));
      const zip = await zipDownloads(items, browserFetch, (bytes) => encodeAs(bytes, format));
      saveBlob(await zip.generateAsync({ type: 'blob' }), resizerZipFilename(Date.now()));
    } catch {
      setError(errorMessages.RESIZER_ZIP_FAILED);
    } finally {
      setZipping(false);
    }
  }

  return { zipping, error, downloadOne, downloadAll };
}
