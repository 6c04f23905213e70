import type { Level } from './level';
import { BOTTOM, LEFT, RIGHT, TOP } from './level';
import { clamp } from './nnf';

export interface GuidanceOptions {
  /** Half-size of the averaging square at the edge, as a share of the original's shortest side. */
  base: number;
  /** Growth of that half-size per px of distance from the original. */
  spread: number;
}

/**
 * A smooth continuation of the original's colours and light on the level's canvas: each new
 * pixel gets the mean of the original in a square around its nearest point on the original,
 * the square growing with the distance, each original pixel weighted by how common its colour
 * is along that edge (`rarity`, see edge-rarity.ts). A dark corner stays a dark corner further
 * out, a table stays a table; a subject that barely reaches the edge hardly counts. The search
 * is pulled towards this layout at the coarse levels, where structure is decided.
 */
export function guidance(
  level: Level,
  rarity: Float32Array[],
  options: GuidanceOptions,
): Float32Array {
  const { W, ox, oy } = level;
  const { width: w, height: h, channels: c } = level.source;
  const tables = rarity.map((map) => weightedTable(level, map));
  const out = new Float32Array(level.target);
  const base = options.base * Math.min(w, h);
  const sum = new Float64Array(c + 1);
  const stride = c + 1;
  for (const i of level.unknown) {
    const x = i % W;
    const y = (i - x) / W;
    const cx = clamp(x - ox, 0, w - 1);
    const cy = clamp(y - oy, 0, h - 1);
    const dx = Math.abs(x - ox - cx);
    const dy = Math.abs(y - oy - cy);
    const half = Math.round(base + options.spread * Math.sqrt(dx * dx + dy * dy));
    const x0 = Math.max(0, cx - half);
    const x1 = Math.min(w, cx + half + 1);
    const y0 = Math.max(0, cy - half);
    const y1 = Math.min(h, cy + half + 1);
    // Beyond a corner both sides count, by how far the pixel lies beyond each, so the two
    // continuations meet smoothly on the diagonal.
    const horizontal = dx / (dx + dy || 1);
    const s = (x < ox ? LEFT : x >= ox + w ? RIGHT : 0) | (y < oy ? TOP : y >= oy + h ? BOTTOM : 0);
    sum.fill(0);
    const a = (y1 * (w + 1) + x1) * stride;
    const b = (y0 * (w + 1) + x1) * stride;
    const e = (y1 * (w + 1) + x0) * stride;
    const f = (y0 * (w + 1) + x0) * stride;
    for (let side = 0; side < 4; side++) {
      if (!(s & SIDE_FLAGS[side]!)) continue;
      const share = side < 2 ? horizontal : 1 - horizontal;
      const t = tables[side]!;
      for (let ch = 0; ch <= c; ch++) {
        sum[ch]! += (t[a + ch]! - t[b + ch]! - t[e + ch]! + t[f + ch]!) * share;
      }
    }
    for (let ch = 0; ch < c; ch++) out[i * c + ch] = sum[c]! > 0 ? sum[ch]! / sum[c]! : 128;
  }
  return out;
}

const SIDE_FLAGS = [LEFT, RIGHT, TOP, BOTTOM];

/** Summed-area table of (colour x weight, weight) with weight = commonness squared. */
function weightedTable(level: Level, rarity: Float32Array): Float64Array {
  const { width: w, height: h, channels: c, data } = level.source;
  const stride = c + 1;
  const table = new Float64Array((w + 1) * (h + 1) * stride);
  const row = new Float64Array(stride);
  for (let y = 0; y < h; y++) {
    row.fill(0);
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      const common = 1 - rarity[p]!;
      // The small floor keeps a weight everywhere, so a strip made only of rare colours still
      // continues as itself rather than as nothing.
      const weight = common * common + 0.01;
      for (let ch = 0; ch < c; ch++) row[ch]! += data[p * c + ch]! * weight;
      row[c]! += weight;
      const at = ((y + 1) * (w + 1) + x + 1) * stride;
      const above = (y * (w + 1) + x + 1) * stride;
      for (let ch = 0; ch <= c; ch++) table[at + ch] = table[above + ch]! + row[ch]!;
    }
  }
  return table;
}
