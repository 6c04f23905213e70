import {
  copy,
  describeTrim,
  nearestAlignment,
  placementOfShown,
  type ShownResult,
} from '@reframe/shared';
import type { ExpandedImage } from './run/run-prediction';

const r = copy.resizer;

/**
 * The placement a result was made with, as the card names it: the alignment asked for, and for
 * 'auto' the side or corner the engine chose ("Auto (Top)"), judged on the part it kept.
 */
export function placementLabel(
  original: { width: number; height: number },
  image: ShownResult,
): string {
  if (image.alignment !== 'auto') return r.placementUsed(r.alignments[image.alignment]);
  if (image.offsetX === null || image.offsetY === null) return r.placementUsed(r.alignments.auto);
  const { whole, kept } = placementOfShown(original, image);
  return r.placementUsed(r.autoPlacement(r.alignments[nearestAlignment(kept ?? whole)]));
}

/** How much a result trimmed of its original (issue 38) and off which sides, as the screens say it. */
export function trimShown(
  original: { width: number; height: number },
  image: Pick<ExpandedImage, 'crop'>,
): { percent: number; label: string } | null {
  if (!image.crop) return null;
  const { share, sides } = describeTrim(image.crop, original);
  const percent = Math.round(share * 100);
  if (percent === 0 || sides.length === 0) return null;
  return { percent, label: r.trimmed(percent, sides.map((side) => r.trimSides[side]).join(', ')) };
}

/** "Trimmed 12 % (top)" when the result trimmed the original; null when it kept it whole. */
export function trimLabel(
  original: { width: number; height: number },
  image: Pick<ExpandedImage, 'crop'>,
): string | null {
  return trimShown(original, image)?.label ?? null;
}
