import { useState } from 'react';
import { errorMessages } from '@reframe/shared';
import { expandedFilename, resizerZipFilename, zipDownloads } from './download';
import type { ExpandedImage } from './run-prediction';
import { browserFetch, downloadUrl, saveBlob } from './save-file';

/** Single and ZIP downloads of the results, with the brief's texts when one fails. */
export function useResultDownloads() {
  const [zipping, setZipping] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function downloadOne(image: ExpandedImage) {
    setError(null);
    try {
      await downloadUrl(image.url, expandedFilename(image.width, image.height));
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
        filename: expandedFilename(image.width, image.height),
      }));
      const zip = await zipDownloads(items, browserFetch);
      saveBlob(await zip.generateAsync({ type: 'blob' }), resizerZipFilename(Date.now()));
    } catch {
      setError(errorMessages.RESIZER_ZIP_FAILED);
    } finally {
      setZipping(false);
    }
  }

  return { zipping, error, downloadOne, downloadAll };
}
