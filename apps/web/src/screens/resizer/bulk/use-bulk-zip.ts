import { useCallback, useState } from 'react';
import { errorMessages } from '@reframe/shared';
import { madeFor, type BulkOutput } from '../run/bulk-outputs';
import { browserFetch, saveBlob } from '../save-file';
import { bulkZipFilename, zipBulkRun } from './bulk-zip';
import type { BulkPhoto } from './use-bulk-photos';

/** The whole bulk run as one ZIP, a folder per photo; fails whole, with its message. */
export function useBulkZip() {
  const [zipping, setZipping] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const downloadZip = useCallback(
    async (photos: readonly BulkPhoto[], outputs: readonly BulkOutput[]) => {
      setError(null);
      setZipping(true);
      try {
        const folders = photos
          .filter((p) => p.upload)
          .map((p) => ({ name: p.file.name, results: madeFor(outputs, p.upload?.id) }));
        const zip = await zipBulkRun(folders, browserFetch);
        saveBlob(await zip.generateAsync({ type: 'blob' }), bulkZipFilename(Date.now()));
      } catch {
        setError(errorMessages.RESIZER_ZIP_FAILED);
      } finally {
        setZipping(false);
      }
    },
    [],
  );

  return { zipping, error, downloadZip };
}
