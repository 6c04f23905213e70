import type { Level } from './level';
import { isKnown } from './level';
import type { Nnf, SourceBands } from './nnf';
import { randomInBand } from './nnf';
import type { PatchCost } from './patch-cost';

export interface PatchMatchOptions {
  /** Scan passes (alternating direction) per call. */
  passes: number;
  /** Largest random-search window in px; finer levels refine an upsampled field locally. */
  searchRadius: number;
  /** Extra candidates per pixel drawn anywhere in its bands (the coarsest level's global search). */
  bandSamples: number;
  bands: SourceBands;
}

/**
 * PatchMatch (Barnes et al. 2009) with the original as the only source: propagation from the
 * scan neighbours, random sources in the bands, then random search around the best in shrinking
 * windows, each candidate costed by `cost`.
 */
export function patchMatch(
  level: Level,
  nnf: Nnf,
  cost: PatchCost,
  rng: () => number,
  options: PatchMatchOptions,
): void {
  const { W, H, unknown, radius: r } = level;
  const { width: w, height: h } = level.source;
  for (const i of unknown) nnf.cost[i] = cost(i, nnf.sx[i]!, nnf.sy[i]!, Infinity);
  const startRadius = Math.min(options.searchRadius, Math.max(w, h));
  const drawn = new Int32Array(2);
  const fixed = 2 + options.bandSamples;
  for (let pass = 0; pass < options.passes; pass++) {
    const forward = pass % 2 === 0;
    const step = forward ? 1 : -1;
    for (let k = 0; k < unknown.length; k++) {
      const i = unknown[forward ? k : unknown.length - 1 - k]!;
      const x = i % W;
      const y = (i - x) / W;
      let bx = nnf.sx[i]!;
      let by = nnf.sy[i]!;
      let best = nnf.cost[i]!;
      for (let n = 0, radius = startRadius; n < fixed || radius >= 1;) {
        let sx: number;
        let sy: number;
        if (n < 2) {
          // Propagation: a scan neighbour's copy, shifted by one.
          const nx = n === 0 ? x - step : x;
          const ny = n === 0 ? y : y - step;
          n++;
          if (nx < 0 || nx >= W || ny < 0 || ny >= H || isKnown(level, nx, ny)) continue;
          const j = ny * W + nx;
          sx = nnf.sx[j]! + (x - nx);
          sy = nnf.sy[j]! + (y - ny);
          // A copy that runs off the source starts again further back in the band, instead of
          // piling every pixel beyond onto the source's last columns (a smeared, repeated edge).
          if (sx > w - 1 - r) sx -= Math.round(options.bands.x * (0.5 + 0.5 * rng()));
          else if (sx < r) sx += Math.round(options.bands.x * (0.5 + 0.5 * rng()));
          if (sy > h - 1 - r) sy -= Math.round(options.bands.y * (0.5 + 0.5 * rng()));
          else if (sy < r) sy += Math.round(options.bands.y * (0.5 + 0.5 * rng()));
        } else if (n < fixed) {
          n++;
          randomInBand(level, i, options.bands, rng, drawn);
          sx = drawn[0]!;
          sy = drawn[1]!;
        } else {
          sx = Math.round(bx + (rng() * 2 - 1) * radius);
          sy = Math.round(by + (rng() * 2 - 1) * radius);
          radius >>= 1;
        }
        if (sx < r || sy < r || sx > w - 1 - r || sy > h - 1 - r || (sx === bx && sy === by)) {
          continue;
        }
        const value = cost(i, sx, sy, best);
        if (value < best) {
          best = value;
          bx = sx;
          by = sy;
        }
      }
      nnf.sx[i] = bx;
      nnf.sy[i] = by;
      nnf.cost[i] = best;
    }
  }
}
