import type { SeamOptions, SeamView } from './seam-view';
import { newCount, straightSeams } from './seam-view';

/**
 * Hard straight seams: the length of straight seams (between copies, or a copy and the
 * original) that show as a step of colour, each piece counting by how visible its step is
 * against the ground's texture, per side length of the new area. A sky or a sea copied from two
 * heights meets along a vertical line the blend could not hide.
 */
export function hardSeams(view: SeamView, options: SeamOptions): number {
  let sum = 0;
  for (const piece of straightSeams(view, options)) sum += piece.length * piece.step;
  return sum / Math.sqrt(newCount(view));
}
