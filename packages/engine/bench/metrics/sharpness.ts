import type { Candidate, CaseGeometry } from './context';
import { SEAM_MARGIN } from './context';

export type Band = 'near' | 'middle' | 'far';

/**
 * Mean luma gradient magnitude (grey levels per px, full resolution) in the near, middle and far
 * thirds of the new area by distance from the original. A fill that blurs away from the seam
 * loses it in the far third.
 */
export function bandSharpness(c: Candidate, g: CaseGeometry): Record<Band, number> {
  const sum = new Float64Array(3);
  const count = new Float64Array(3);
  const { width: w, height: h } = g;
  const third = g.maxDistance / 3;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const d = g.distance[i]!;
      if (d < SEAM_MARGIN) continue;
      const band = Math.min(2, Math.floor(d / third));
      sum[band] = sum[band]! + Math.hypot(c.gx[i]!, c.gy[i]!);
      count[band] = count[band]! + 1;
    }
  }
  const mean = (b: number): number => (count[b] ? sum[b]! / count[b] : 0);
  return { near: mean(0), middle: mean(1), far: mean(2) };
}
