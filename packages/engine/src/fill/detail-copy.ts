import { gridAxis, lerp } from './grid';
import type { Level } from './level';
import type { Nnf } from './nnf';
import { clamp, displacement } from './nnf';
import type { Raster } from './raster';

/** What the render copies detail from, and scratch space for one pixel's copies. */
export interface DetailCopy {
  /** The original minus its low-pass (see originalDetail), interleaved like the original. */
  detail: Int16Array;
  /** Per level cell, its match's displacement in full-resolution px (0 inside the original). */
  dx: Int32Array;
  dy: Int32Array;
  width: number;
  height: number;
  channels: number;
  /** Filled by detailSources: detail indices and weights of the current pixel's copies. */
  from: Int32Array;
  share: Float32Array;
  cells: Int32Array;
  weights: Float32Array;
}

/**
 * Sets up copying from `original`: its detail above the low-pass `lowSource` (the level's source,
 * blurred, `lw` x `lh`) and the full-resolution displacements of the level's matches.
 */
export function createDetailCopy(
  original: Raster,
  lowSource: Float32Array,
  level: Level,
  nnf: Nnf,
): DetailCopy {
  const lw = level.source.width;
  const lh = level.source.height;
  const scaleX = original.width / lw;
  const scaleY = original.height / lh;
  const dx = new Int32Array(level.W * level.H);
  const dy = new Int32Array(level.W * level.H);
  for (let y = 0; y < level.H; y++) {
    for (let x = 0; x < level.W; x++) {
      const [mx, my] = displacement(level, nnf, x, y);
      dx[y * level.W + x] = Math.round(mx * scaleX);
      dy[y * level.W + x] = Math.round(my * scaleY);
    }
  }
  return {
    detail: originalDetail(original, lowSource, lw, lh),
    dx,
    dy,
    width: original.width,
    height: original.height,
    channels: original.channels,
    from: new Int32Array(4),
    share: new Float32Array(4),
    cells: new Int32Array(4),
    weights: new Float32Array(4),
  };
}

/**
 * Where the detail of canvas pixel (u, v) (in the original's coordinates) comes from, given the
 * four surrounding cells' matches (cells k00, k01, k10, k11 blended by the steep weights sx, sy):
 * fills `copy.from` and `copy.share` and returns how many copies there are. One exact copy where
 * the cells agree; a short cross-fade where they do not.
 */
export function detailSources(
  copy: DetailCopy,
  u: number,
  v: number,
  k00: number,
  k01: number,
  k10: number,
  k11: number,
  sx: number,
  sy: number,
): number {
  const { dx, dy, cells, weights, from, share } = copy;
  cells[0] = k00;
  cells[1] = k01;
  cells[2] = k10;
  cells[3] = k11;
  weights[0] = (1 - sx) * (1 - sy);
  weights[1] = sx * (1 - sy);
  weights[2] = (1 - sx) * sy;
  weights[3] = sx * sy;
  let count = 0;
  let squares = 0;
  for (let k = 0; k < 4; k++) {
    let weight = weights[k]!;
    if (weight === 0) continue;
    const mx = dx[cells[k]!]!;
    const my = dy[cells[k]!]!;
    let seen = false;
    for (let j = 0; j < k && !seen; j++) {
      seen = weights[j]! > 0 && dx[cells[j]!] === mx && dy[cells[j]!] === my;
    }
    if (seen) continue;
    // Corners that copy from the same place are one copy: gather their weights.
    for (let j = k + 1; j < 4; j++) {
      if (dx[cells[j]!] === mx && dy[cells[j]!] === my) weight += weights[j]!;
    }
    const x = clamp(u + mx, 0, copy.width - 1);
    const y = clamp(v + my, 0, copy.height - 1);
    from[count] = (y * copy.width + x) * copy.channels;
    share[count] = weight;
    squares += weight * weight;
    count++;
  }
  // Different copies are uncorrelated detail: dividing by the root of the summed squared weights
  // keeps a cross-fade as contrasted as the copies themselves instead of washing it out.
  const norm = 1 / Math.sqrt(squares);
  for (let k = 0; k < count; k++) share[k]! *= norm;
  return count;
}

/** The original minus its low-pass (`lowSource`, bilinear): signed detail. */
function originalDetail(
  original: Raster,
  lowSource: Float32Array,
  lw: number,
  lh: number,
): Int16Array {
  const { width: w, height: h, channels: c, data } = original;
  const detail = new Int16Array(w * h * c);
  const col = gridAxis(w, 0, w / lw, 0, lw);
  const row = gridAxis(h, 0, h / lh, 0, lh);
  // Each low-pass row widened to w once; an output row then blends two of them.
  const wide = new Float32Array(lh * w * c);
  for (let ly = 0; ly < lh; ly++) {
    for (let x = 0; x < w; x++) {
      const a = (ly * lw + col.i0[x]!) * c;
      const b = (ly * lw + col.i1[x]!) * c;
      const ax = col.a[x]!;
      for (let ch = 0; ch < c; ch++) {
        wide[(ly * w + x) * c + ch] = lerp(lowSource[a + ch]!, lowSource[b + ch]!, ax);
      }
    }
  }
  const stride = w * c;
  for (let y = 0; y < h; y++) {
    const top = row.i0[y]! * stride;
    const bottom = row.i1[y]! * stride;
    const ay = row.a[y]!;
    const at = y * stride;
    for (let k = 0; k < stride; k++) {
      detail[at + k] = Math.round(data[at + k]! - lerp(wide[top + k]!, wide[bottom + k]!, ay));
    }
  }
  return detail;
}
