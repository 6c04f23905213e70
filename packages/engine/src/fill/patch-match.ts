import type { Level } from './level';
import { isKnown } from './level';
import type { Nnf } from './nnf';
import { clamp } from './nnf';

export interface PatchMatchOptions {
  /** Scan passes (alternating direction) per call. */
  passes: number;
  /**
   * Cost per pixel of squared distance between the source and the target's nearest point on the
   * original, in units of the original's longest side: pulls matches toward the background next
   * to the edge being extended and away from the subject in the middle. Tuned on the bench.
   */
  distanceWeight: number;
  /** Weight of known (original) pixels in a target patch relative to synthesised ones. */
  knownWeight: number;
  /**
   * Sources must lie within this fraction of the original's size from the target's nearest
   * point on it: the background band next to the edge, never the subject in the middle.
   */
  band: number;
  /**
   * Cost discount for continuing a neighbour's copy: favours large coherent copies of real
   * texture over a mosaic of tiny ones, which would turn into repeated micro-tiles at full size.
   */
  coherence: number;
  /** Largest random-search window in px; finer levels refine an upsampled field locally. */
  searchRadius: number;
  /** Per source pixel rarity (0..1, see rarity.ts) and its cost per patch pixel. */
  rarity: Float32Array | undefined;
  rarityWeight: number;
}

/**
 * PatchMatch (Barnes et al. 2009) restricted to the original as the source: propagation from
 * scan neighbours, then random search in shrinking windows, with early-out cost evaluation.
 */
export function patchMatch(
  level: Level,
  nnf: Nnf,
  rng: () => number,
  options: PatchMatchOptions,
): void {
  const cost = makeCost(level, options);
  const { W, unknown, radius: r } = level;
  const { width: w, height: h } = level.source;
  const coherent = 1 - options.coherence;
  for (const i of unknown) nnf.cost[i] = cost(i, nnf.sx[i]!, nnf.sy[i]!, Infinity);
  const bandX = Math.max(r + 1, Math.ceil(options.band * w));
  const bandY = Math.max(r + 1, Math.ceil(options.band * h));
  const searchRadius = Math.min(options.searchRadius, Math.max(bandX, bandY) * 2);
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
      // Candidates: the two scan neighbours' copies shifted by one (propagation, with the
      // coherence discount), then random samples around the best in shrinking windows.
      for (let c = 0; c < 2; c++) {
        const nx = c === 0 ? x - step : x;
        const ny = c === 0 ? y : y - step;
        if (nx < 0 || nx >= W || ny < 0 || ny >= level.H || isKnown(level, nx, ny)) continue;
        const j = ny * W + nx;
        const sx = nnf.sx[j]! + (x - nx);
        const sy = nnf.sy[j]! + (y - ny);
        if (sx < r || sy < r || sx > w - 1 - r || sy > h - 1 - r || (sx === bx && sy === by))
          continue;
        const value = cost(i, sx, sy, best / coherent) * coherent;
        if (value < best) {
          best = value;
          bx = sx;
          by = sy;
        }
      }
      for (let radius = searchRadius; radius >= 1; radius >>= 1) {
        const sx = clamp(Math.round(bx + (rng() * 2 - 1) * radius), r, w - 1 - r);
        const sy = clamp(Math.round(by + (rng() * 2 - 1) * radius), r, h - 1 - r);
        if (sx === bx && sy === by) continue;
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

type CostFn = (targetIndex: number, sx: number, sy: number, limit: number) => number;

function makeCost(level: Level, options: PatchMatchOptions): CostFn {
  const { W, H, ox, oy, target, radius: r } = level;
  const { width: w, height: h, channels: c, data: source } = level.source;
  const knownW = options.knownWeight;
  const norm = 1 / (Math.max(w, h) * Math.max(w, h));
  const distanceWeight = options.distanceWeight * norm;
  const { rarity, rarityWeight } = options;
  const area = (2 * r + 1) * (2 * r + 1);
  const rarityRamp = 1 / (0.08 * Math.max(w, h));
  const bandX = Math.max(r + 1, options.band * w);
  const bandY = Math.max(r + 1, options.band * h);
  return (i, sx, sy, limit) => {
    const tx = i % W;
    const ty = (i - tx) / W;
    // Distance from the source to the target's nearest point on the original: the same pull for
    // every depth of the new area, so far pixels are not all forced onto the edge row (streaks).
    const ddx = clamp(tx - ox, 0, w - 1) - sx;
    const ddy = clamp(ty - oy, 0, h - 1) - sy;
    if (Math.abs(ddx) > bandX || Math.abs(ddy) > bandY) return Infinity;
    // Rarity matters away from the border: next to it the original itself decides what continues.
    const depth = Math.max(ox - tx, tx - ox - w + 1, oy - ty, ty - oy - h + 1, 0) * rarityRamp;
    const rare = rarity ? rarity[sy * w + sx]! * rarityWeight * Math.min(1, depth) : 0;
    let sum = (distanceWeight * (ddx * ddx + ddy * ddy) + rare) * area;
    if (sum >= limit) return sum;
    for (let dy = -r; dy <= r; dy++) {
      const y = ty + dy;
      if (y < 0 || y >= H) continue;
      const inRows = y >= oy && y < oy + h;
      const srow = (sy + dy) * w + sx;
      for (let dx = -r; dx <= r; dx++) {
        const x = tx + dx;
        if (x < 0 || x >= W) continue;
        const ti = (y * W + x) * c;
        const si = (srow + dx) * c;
        let d = 0;
        for (let ch = 0; ch < c; ch++) {
          const e = target[ti + ch]! - source[si + ch]!;
          d += e * e;
        }
        sum += inRows && x >= ox && x < ox + w ? d * knownW : d;
      }
      if (sum >= limit) return sum;
    }
    return sum;
  };
}
