import { parseRatio } from './geometry/ratio';

export const aspectRatioCategories = ['Common', 'Meta Ads', 'Google Ads'] as const;
export type AspectRatioCategory = (typeof aspectRatioCategories)[number];

/** One option of the resizer's ratio picker (brief section 3, "Aspect ratio option"). */
export interface AspectRatioOption {
  /** Shown in the picker and used as the key of a history record's `resizedImages`. */
  label: string;
  /** "w:h", parsed with the shared `parseRatio`. */
  value: string;
  /** Size of the small preview box in pixels: the longer side is PREVIEW_BOX_PX. */
  previewWidth: number;
  previewHeight: number;
  category: AspectRatioCategory;
}

export const PREVIEW_BOX_PX = 48;

function option(label: string, value: string, category: AspectRatioCategory): AspectRatioOption {
  const ratio = parseRatio(value);
  const previewWidth = ratio >= 1 ? PREVIEW_BOX_PX : Math.round(PREVIEW_BOX_PX * ratio);
  const previewHeight = ratio >= 1 ? Math.round(PREVIEW_BOX_PX / ratio) : PREVIEW_BOX_PX;
  return { label, value, previewWidth, previewHeight, category };
}

/** The brief's catalogue, in its order; a ratio may appear in more than one category. */
export const aspectRatios: readonly AspectRatioOption[] = [
  option('1:1', '1:1', 'Common'),
  option('4:3', '4:3', 'Common'),
  option('3:4', '3:4', 'Common'),
  option('16:9', '16:9', 'Common'),
  option('9:16', '9:16', 'Common'),
  option('3:2', '3:2', 'Common'),
  option('2:3', '2:3', 'Common'),
  option('21:9', '21:9', 'Common'),
  option('1.91:1', '1.91:1', 'Meta Ads'),
  option('4:5', '4:5', 'Meta Ads'),
  option('2:3 (Stories)', '2:3', 'Meta Ads'),
  option('9:16 (Reels)', '9:16', 'Meta Ads'),
  option('16:9 (Facebook video)', '16:9', 'Meta Ads'),
  option('1:1', '1:1', 'Meta Ads'),
  option('1.91:1', '1.91:1', 'Google Ads'),
  option('1:1', '1:1', 'Google Ads'),
  option('4:1', '4:1', 'Google Ads'),
  option('1.33:1', '1.33:1', 'Google Ads'),
  option('1.5:1', '1.5:1', 'Google Ads'),
  option('1.78:1', '1.78:1', 'Google Ads'),
  option('6:5', '6:5', 'Google Ads'),
];

export function aspectRatiosIn(category: AspectRatioCategory): AspectRatioOption[] {
  return aspectRatios.filter((ratio) => ratio.category === category);
}

/** The option with this label (e.g. "16:9" or "2:3 (Stories)"), or undefined. */
export function findAspectRatio(label: string): AspectRatioOption | undefined {
  return aspectRatios.find((ratio) => ratio.label === label);
}

/** Width / height of a catalogue label ("2:3 (Stories)" → 2/3); a label not in it reads as 1. */
export function aspectOfLabel(label: string): number {
  const option = findAspectRatio(label);
  return option ? parseRatio(option.value) : 1;
}

/** Labels accepted by the prediction API, each once. */
export const aspectRatioLabels: readonly string[] = [
  ...new Set(aspectRatios.map((ratio) => ratio.label)),
];
