import { copy, nearestAlignment, placementOnResult } from '@reframe/shared';
import type { ExpandedImage } from './run-prediction';

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
