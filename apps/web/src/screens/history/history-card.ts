import { copy, outpaintProviders, parseRatio, type HistoryItem } from '@reframe/shared';

export interface HistoryVersion {
  ratio: string;
  url: string;
  /** width / height, for the thumbnail's own aspect ratio. */
  aspect: number;
}

/** A record's versions in a stable order (catalogue labels sort naturally by ratio text). */
export function historyVersions(item: HistoryItem): HistoryVersion[] {
  return Object.entries(item.resizedImages)
    .map(([ratio, url]) => ({ ratio, url, aspect: parseRatio(ratio.split(' ')[0] ?? ratio) }))
    .sort((a, b) => b.aspect - a.aspect);
}

/** The record's date and time, in the reader's locale. */
export function formatRunDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** "Made with Replicate", naming each provider that made one of the record's versions. */
export function madeWith(item: HistoryItem): string | null {
  const used = new Set(Object.values(item.providers));
  const names = outpaintProviders.filter((p) => used.has(p)).map((p) => copy.providers[p]);
  return names.length === 0 ? null : copy.history.madeWith(names.join(' and '));
}
