import type { Level } from './level';
import { BOTTOM, LEFT, RIGHT, TOP } from './level';
import type { SourceBands } from './nnf';
import { boxBlur } from './box-blur';
import type { Nnf } from './nnf';
import { clamp, inBand } from './nnf';

export interface PatchCostOptions {
  /** Weight of known (original) pixels in a target patch relative to synthesised ones. */
  knownWeight: number;
  /**
   * Cost per patch pixel of the squared distance along the edge between a source and the
   * target's nearest point on the original, in units of that side's length: a new pixel above
   * the left of the photo copies from the top-left rather than the top-right.
   */
  alongWeight: number;
  /** Cost per patch pixel of a source whose colour is rare along the edge (see edge-rarity.ts). */
  rarityWeight: number;
  /** Cost per patch pixel of the squared colour distance to the guidance (0 turns it off). */
  guideWeight: number;
  /**
   * Cost per patch pixel and unit of overuse of a source (see updateUsage): where one source
   * fits as well as many, as in a star field far out, it keeps that one from being tiled.
   */
  occurrenceWeight: number;
}

export interface PatchCostInputs {
  level: Level;
  bands: SourceBands;
  /** Per side (left, right, top, bottom) rarity of each source pixel, at this level's size. */
  rarity: Float32Array[];
  /** The guidance canvas (see guidance.ts), or undefined where it no longer applies. */
  guide: Float32Array | undefined;
  /** The source blurred with a 3x3 box: what the guidance is compared with. */
  sourceMean: Float32Array | undefined;
  /** Per source pixel: how far over its fair share it is copied (see updateUsage). */
  usage: Float32Array;
}

/** Cost of target patch at canvas index `i` copying the source patch centred at (sx, sy). */
export type PatchCost = (i: number, sx: number, sy: number, limit: number) => number;

/**
 * Patch distance plus the priors that keep the fill a continuation of the background: the band,
 * the pull along the edge, colour rarity (rising over the first px away from the original, where
 * the original itself decides what continues) and the guidance. Stops early once over `limit`.
 */
export function makePatchCost(inputs: PatchCostInputs, options: PatchCostOptions): PatchCost {
  const { level, bands, guide, sourceMean, usage } = inputs;
  const { W, H, ox, oy, target, depth, sides, radius: r } = level;
  const { width: w, height: h, channels: c, data: source } = level.source;
  const [rareLeft, rareRight, rareTop, rareBottom] = inputs.rarity as [
    Float32Array,
    Float32Array,
    Float32Array,
    Float32Array,
  ];
  const area = (2 * r + 1) * (2 * r + 1);
  const alongX = (options.alongWeight * area) / (w * w);
  const alongY = (options.alongWeight * area) / (h * h);
  const rarityWeight = options.rarityWeight * area;
  const rarityRamp = 1 / Math.max(1, RARITY_RAMP * Math.max(w, h));
  const guideWeight = options.guideWeight * area;
  const knownWeight = options.knownWeight;
  const occurrenceWeight = options.occurrenceWeight * area;
  return (i, sx, sy, limit) => {
    const s = sides[i]!;
    if (!inBand(s, sx, sy, level, bands)) return Infinity;
    const tx = i % W;
    const ty = (i - tx) / W;
    const at = sy * w + sx;
    let rare = 1;
    let sum = 0;
    if (s & (LEFT | RIGHT)) {
      rare = (s & LEFT ? rareLeft : rareRight)[at]!;
      const d = clamp(ty - oy, 0, h - 1) - sy;
      sum += d * d * alongY;
    }
    if (s & (TOP | BOTTOM)) {
      rare = Math.min(rare, (s & TOP ? rareTop : rareBottom)[at]!);
      const d = clamp(tx - ox, 0, w - 1) - sx;
      sum += d * d * alongX;
    }
    sum += rare * rarityWeight * Math.min(1, depth[i]! * rarityRamp);
    sum += usage[at]! * occurrenceWeight;
    if (guide && sourceMean) {
      let g = 0;
      for (let ch = 0; ch < c; ch++) {
        const e = guide[i * c + ch]! - sourceMean[at * c + ch]!;
        g += e * e;
      }
      sum += g * guideWeight;
    }
    if (sum >= limit) return sum;
    for (let dy = -r; dy <= r; dy++) {
      const y = ty + dy;
      if (y < 0 || y >= H) continue;
      const inRows = y >= oy && y < oy + h;
      const sourceRow = (sy + dy) * w + sx;
      for (let dx = -r; dx <= r; dx++) {
        const x = tx + dx;
        if (x < 0 || x >= W) continue;
        const ti = (y * W + x) * c;
        const si = (sourceRow + dx) * c;
        let d = 0;
        for (let ch = 0; ch < c; ch++) {
          const e = target[ti + ch]! - source[si + ch]!;
          d += e * e;
        }
        sum += inRows && x >= ox && x < ox + w ? d * knownWeight : d;
      }
      if (sum >= limit) return sum;
    }
    return sum;
  };
}

/** Rarity reaches its full cost this far (share of the longest side) from the original. */
const RARITY_RAMP = 0.05;

/**
 * Fills `usage`, per source pixel, with how far over its fair share the field copies it: 0 up to
 * a fair share (the unknown patches spread evenly over the source), 1 at twice that, and so on.
 */
export function updateUsage(level: Level, nnf: Nnf, usage: Float32Array): void {
  const { unknown, radius: r } = level;
  const { width: w, height: h } = level.source;
  const centres = new Float32Array(w * h);
  for (const i of unknown) centres[nnf.sy[i]! * w + nnf.sx[i]!]! += 1;
  // Mean over the patch around each source pixel: how densely copied patches cover it.
  const covered = boxBlur(centres, w, h, 1, r);
  const fair = unknown.length / (w * h);
  for (let p = 0; p < w * h; p++) usage[p] = Math.max(0, covered[p]! / fair - 1);
}
