import { useState } from 'react';
import { errorMessages, type HistoryItem } from '@reframe/shared';
import { browserFetch, saveBlob } from '../resizer/save-file';
import { resizerZipFilename, zipHistoryRun } from '../resizer/download';
import { historyVersions } from './history-card';

/** "Download All as ZIP" of one run: original.png and every version as resized-{w}x{h}.png. */
export function useHistoryZip() {
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<{ id: string; message: string } | null>(null);

  async function download(item: HistoryItem) {
    setError(null);
    setBusyId(item.id);
    try {
      const zip = await zipHistoryRun(item.originalImage, historyVersions(item), browserFetch);
      saveBlob(await zip.generateAsync({ type: 'blob' }), resizerZipFilename(Date.now()));
    } catch {
      setError({ id: item.id, message: errorMessages.HISTORY_ZIP_FAILED });
    } finally {
      setBusyId(null);
    }
  }

  return { busyId, error, download };
}
