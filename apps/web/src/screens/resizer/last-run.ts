import { uploadResponseSchema, type HistoryItem, type UploadResponse } from '@reframe/shared';
import type { ExpandedImage } from './run/run-prediction';

/**
 * The upload of the user's last run, kept for the browser tab's session: coming back to the
 * resizer shows that run again, its results read back from history.
 */
const keyFor = (userId: string) => `reframe:last-run:${userId}`;

export function rememberLastRun(userId: string, upload: UploadResponse): void {
  sessionStorage.setItem(keyFor(userId), JSON.stringify(upload));
}

export function recallLastRun(userId: string): UploadResponse | null {
  const saved = sessionStorage.getItem(keyFor(userId));
  if (!saved) return null;
  try {
    const parsed = uploadResponseSchema.safeParse(JSON.parse(saved));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The versions of each ratio of a history record, as the resizer shows results. */
export function versionsOf(item: HistoryItem): Record<string, ExpandedImage[]> {
  return Object.fromEntries(
    Object.entries(item.versions).map(([ratio, list]) => [
      ratio,
      list.map((version) => ({ ratio, ...version })),
    ]),
  );
}
