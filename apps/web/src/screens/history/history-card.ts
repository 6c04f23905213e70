import {
  aspectOfLabel,
  copy,
  isLowConfidence,
  outpaintProviders,
  type Crop,
  type HistoryItem,
} from '@reframe/shared';
import { trimShown } from '../resizer/result-placement';

interface HistoryVersion {
  ratio: string;
  url: string;
  /** width / height, for the thumbnail's own aspect ratio. */
  aspect: number;
  /** The image's size in px, as the server recorded it (null for a record without versions). */
  size: { width: number; height: number } | null;
  /** The part of the original it keeps (null for a record without versions, or not recorded). */
  crop: Crop | null;
  /** What it trimmed of the original (issue 38); null when it kept it whole or it is not known. */
  trimmed: { percent: number; label: string } | null;
  /** Whether the engine doubted its fill, as the result card warns. */
  weak: boolean;
  /** 1 for the first result of its ratio, 2 for its first regeneration, and so on. */
  number: number;
  /** How many versions its ratio has. */
  of: number;
}

/**
 * Every version of a record, regenerations included: widest ratio first, each ratio's versions
 * oldest first. A record without the list of versions shows its latest result per ratio.
 */
export function historyVersions(item: HistoryItem): HistoryVersion[] {
  return Object.entries(item.resizedImages)
    .sort(([a], [b]) => aspectOfLabel(b) - aspectOfLabel(a))
    .flatMap(([ratio, url]) => {
      const made = item.versions[ratio];
      const list =
        made && made.length > 0
          ? made.map(({ url: versionUrl, width, height, crop, confidence }) => ({
              url: versionUrl,
              aspect: width / height,
              size: { width, height },
              crop,
              trimmed: item.originalSize && trimShown(item.originalSize, { crop }),
              weak: isLowConfidence(confidence),
            }))
          : [
              {
                url,
                aspect: aspectOfLabel(ratio),
                size: null,
                crop: null,
                trimmed: null,
                weak: false,
              },
            ];
      return list.map((version, i) => ({ ratio, ...version, number: i + 1, of: list.length }));
    });
}

/** A thumbnail's size inside a box, in its own aspect ratio: never cropped. */
export function thumbnailSize(aspect: number, maxWidth: number, maxHeight: number) {
  return aspect * maxHeight > maxWidth
    ? { width: maxWidth, height: Math.round(maxWidth / aspect) }
    : { width: Math.round(aspect * maxHeight), height: maxHeight };
}

/** The record's date and time, in the reader's locale. */
export function formatRunDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * "Made with FLUX Fill Pro on Replicate", naming each provider (and hosted model, where one is
 * recorded) that made one of the record's results, the built-in engine first.
 */
export function madeWith(item: HistoryItem): string | null {
  const names = new Set<string>();
  for (const provider of outpaintProviders) {
    for (const [ratio, madeBy] of Object.entries(item.providers)) {
      if (madeBy !== provider) continue;
      const model = item.models[ratio];
      names.add(
        model ? copy.modelOnReplicate(copy.hostedModels[model] ?? model) : copy.providers[provider],
      );
    }
  }
  return names.size === 0 ? null : copy.history.madeWith([...names].join(' and '));
}
