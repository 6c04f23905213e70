import { historyPageSchema, HISTORY_PAGE_SIZE, type HistoryPage } from '@reframe/shared';
import { apiFetch } from './http';

export const historyQueryKey = ['history'] as const;

/** GET /api/history: one page of the user's runs, newest first. */
export async function fetchHistoryPage(cursor: string | null): Promise<HistoryPage> {
  const params = new URLSearchParams({ limit: String(HISTORY_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return historyPageSchema.parse(await apiFetch<unknown>(`/api/history?${params.toString()}`));
}

/** DELETE /api/history/:id: the run, its original and every version's file. */
export async function deleteHistoryRun(id: string): Promise<void> {
  await apiFetch<unknown>(`/api/history/${encodeURIComponent(id)}`, 'DELETE');
}
