import { useCallback, useEffect, useRef } from 'react';
import type { UploadResponse } from '@reframe/shared';
import { fetchHistoryPage } from '../../api/history';
import type { FramingChoice } from './FramingPicker';
import { versionsOf } from './last-run';
import type { ExpandedImage } from './run/run-prediction';

/**
 * The last run of this browser tab's session, back when the user returns to the resizer: its
 * ratio pruned from the selection, then its results read back from history with the framing they
 * were made with back in the picker (Regenerate takes the picker's), unless a new image was
 * chosen first (the function returned says so).
 */
export function useRestoredRun(
  restored: UploadResponse | null,
  {
    restore,
    prune,
    recallFraming,
  }: {
    restore: (versions: Record<string, ExpandedImage[]>) => void;
    prune: (original: number) => void;
    recallFraming: (choice: FramingChoice) => void;
  },
) {
  const replaced = useRef(false);
  useEffect(() => {
    if (!restored) return;
    prune(restored.originalRatio);
    void fetchHistoryPage(null).then(
      (page) => {
        const item = page.items.find((candidate) => candidate.uploadId === restored.id);
        if (!item || replaced.current) return;
        const versions = versionsOf(item);
        restore(versions);
        const made = Object.values(versions)[0]?.[0];
        if (made) recallFraming({ framing: made.framing, style: made.style });
      },
      // No history to restore from: the image is back, its results are in History.
      () => undefined,
    );
  }, [restored, restore, prune, recallFraming]);

  /** A new image: the old run's results, still on their way from history, must not cover it. */
  const replace = useCallback(() => {
    replaced.current = true;
  }, []);
  return replace;
}
