import { copy, describeTrim, nearestAlignment, placementOnResult } from '@reframe/shared';
import type { ExpandedImage } from './run/run-prediction';

const r = copy.resizer;

/**
 * The placement a result was made with, as the card names it: the alignment asked for, and for
 * 'auto' the side or corner the engine chose ("Auto (Top)").
 */
export function placementLabel(
  original: { width: number; height: number },
  image: Pick<ExpandedImage, 'width' | 'height' | 'alignment' | 'offsetX' | 'offsetY'>,
): string {
  if (image.alignment !== 'auto') return r.placementUsed(r.alignments[image.alignment]);
  const { offsetX, offsetY } = image;
  if (offsetX === null || offsetY === null) return r.placementUsed(r.alignments.auto);
  const box = placementOnResult(original, image, { offsetX, offsetY });
  return r.placementUsed(r.autoPlacement(r.alignments[nearestAlignment(box)]));
}

/** "Trimmed 12 % (top)" when the result trimmed the original (issue 38); null when it kept it whole. */
export function trimLabel(
  original: { width: number; height: number },
  image: Pick<ExpandedImage, 'crop'>,
): string | null {
  if (!image.crop) return null;
  const { share, sides } = describeTrim(image.crop, original);
  const percent = Math.round(share * 100);
  if (percent === 0 || sides.length === 0) return null;
  return r.trimmed(percent, sides.map((side) => r.trimSides[side]).join(', '));
}
