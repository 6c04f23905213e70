import { copyRegions } from './components';
import type { SeamOptions, SeamView } from './seam-view';
import { newCount, straightSeams } from './seam-view';

/**
 * Boxes: copied patches with straight edges across and along. Each visible straight seam (a
 * step of colour or a change of texture) counts towards the copy regions on both its sides; a
 * region bounded by visible straight seams both ways (a corner, as a rectangle of sea or of
 * shore has) counts the shorter of its two, per side length of the new area. A single long
 * seam is left to the hard seams.
 */
export function boxes(view: SeamView, options: SeamOptions): number {
  const { width: W, height: H, label } = view;
  const { region, sizes } = copyRegions(label, W, H);
  const down = new Float64Array(sizes.length);
  const across = new Float64Array(sizes.length);
  for (const piece of straightSeams(view, options)) {
    const visible = Math.max(piece.step, piece.texture);
    if (visible === 0) continue;
    for (let i = piece.from; i <= piece.to; i++) {
      const p = piece.vertical ? i * W + piece.lane : piece.lane * W + i;
      const q = piece.vertical ? p + 1 : p + W;
      const sums = piece.vertical ? down : across;
      for (const r of [region[p]!, region[q]!]) if (r >= 0) sums[r] = sums[r]! + visible;
    }
  }
  let sum = 0;
  for (let r = 0; r < sizes.length; r++) sum += Math.min(down[r]!, across[r]!);
  return sum / Math.sqrt(newCount(view));
}
