import type { Plane, Rect } from '../frame';
import { median } from '../frame';
import type { Candidate, CaseGeometry } from './context';

/** Patch side (px, full resolution) a clone is judged on, and the grid step of the new area's. */
const PATCH = 16;
const GRID = 8;
/**
 * A patch is a clone when the mean-removed RMS difference to its best original patch (flipped
 * or not) is under this share of its own luma std: a near-exact copy, even after a colour shift.
 */
const CLONE_DIFFERENCE = 0.2;
/**
 * Distinctive patches have fine detail (RMS of luma minus its 3x3 mean, so smooth ramps and
 * plain sky do not count) of at least this many grey levels, and at least the original's median.
 */
const DETAIL_FLOOR = 3;
/** PatchMatch iterations of the coarse search (half resolution). */
const ITERATIONS = 5;
/** Half-resolution grid step of the search (the evaluation grid is every 2nd of its positions). */
const SEARCH_STEP = 2;

/** The original at full and half resolution, in its 4 orientations (as is, flipped x, y, both). */
export interface CloneSource {
  full: Plane[];
  half: Plane[];
  /** Fine detail of the original (see `fineDetail`), in the same 4 orientations. */
  fine: Plane[];
  /** Fine detail a patch needs to count as distinctive. */
  detail: number;
}

export function cloneSource(real: Candidate, known: Rect): CloneSource {
  const base = cropPlane(real.luma, known);
  const orientations = (p: Plane): Plane[] => [
    p,
    flip(p, true, false),
    flip(p, false, true),
    flip(p, true, true),
  ];
  const full = orientations(base);
  const fine = orientations(fineDetail(base));
  const details: number[] = [];
  for (let y = 0; y + PATCH <= base.height; y += GRID) {
    for (let x = 0; x + PATCH <= base.width; x += GRID)
      details.push(patchRms(fine[0]!, x, y, PATCH));
  }
  return { full, half: full.map(halve), fine, detail: Math.max(DETAIL_FLOOR, median(details)) };
}

/**
 * Share (0-1) of the new area covered by 16x16 patches that are near-exact copies of a
 * distinctive (detailed) patch of the original, flipped or not. A coarse PatchMatch at half
 * resolution proposes each patch's source; a ±2 px search at full resolution confirms it.
 */
export function cloneShare(c: Candidate, g: CaseGeometry, src: CloneSource): number {
  const k = g.known;
  const target = c.luma;
  const targetFine = fineDetail(target);
  const half = halve(target);
  const hp = PATCH / 2;
  const sw = src.half[0]!.width - hp + 1;
  const sh = src.half[0]!.height - hp + 1;
  if (sw <= 0 || sh <= 0) return 0;
  const cols = Math.floor((half.width - hp) / SEARCH_STEP) + 1;
  const rows = Math.floor((half.height - hp) / SEARCH_STEP) + 1;
  const outside = (tx: number, ty: number, size: number): boolean =>
    tx + size <= k.x || tx >= k.x + k.width || ty + size <= k.y || ty >= k.y + k.height;
  const n = cols * rows;
  const nv = new Uint8Array(n);
  const nx = new Int32Array(n);
  const ny = new Int32Array(n);
  const nd = new Float64Array(n).fill(Infinity);
  const active = new Uint8Array(n);
  let seed = 0x9e3779b9;
  const random = (): number => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const tryMatch = (i: number, v: number, x: number, y: number): void => {
    if (x < 0 || y < 0 || x >= sw || y >= sh) return;
    const tx = (i % cols) * SEARCH_STEP;
    const ty = Math.floor(i / cols) * SEARCH_STEP;
    const d = meanRemovedSsd(half, tx, ty, src.half[v]!, x, y, hp);
    if (d < nd[i]!) {
      nd[i] = d;
      nv[i] = v;
      nx[i] = x;
      ny[i] = y;
    }
  };
  for (let i = 0; i < n; i++) {
    const tx = (i % cols) * SEARCH_STEP;
    const ty = Math.floor(i / cols) * SEARCH_STEP;
    if (!outside(tx * 2, ty * 2, PATCH)) continue;
    active[i] = 1;
    tryMatch(i, Math.floor(random() * 4), Math.floor(random() * sw), Math.floor(random() * sh));
  }
  for (let it = 0; it < ITERATIONS; it++) {
    const forward = it % 2 === 0;
    const dir = forward ? 1 : -1;
    for (let step = 0; step < n; step++) {
      const i = forward ? step : n - 1 - step;
      if (!active[i]) continue;
      const col = i % cols;
      const left = col - dir;
      if (left >= 0 && left < cols && active[i - dir]) {
        tryMatch(i, nv[i - dir]!, nx[i - dir]! + dir * SEARCH_STEP, ny[i - dir]!);
      }
      const up = i - dir * cols;
      if (up >= 0 && up < n && active[up]) {
        tryMatch(i, nv[up]!, nx[up]!, ny[up]! + dir * SEARCH_STEP);
      }
      for (let r = Math.max(sw, sh); r >= 1; r >>= 1) {
        tryMatch(
          i,
          nv[i]!,
          nx[i]! + Math.round((random() * 2 - 1) * r),
          ny[i]! + Math.round((random() * 2 - 1) * r),
        );
      }
      tryMatch(i, Math.floor(random() * 4), Math.floor(random() * sw), Math.floor(random() * sh));
    }
  }
  // Confirm on the full-resolution grid (every second search position, 8 px apart).
  const cloned = new Uint8Array(g.width * g.height);
  const fw = src.full[0]!.width - PATCH + 1;
  const fh = src.full[0]!.height - PATCH + 1;
  for (let i = 0; i < n; i++) {
    const col = i % cols;
    const row = Math.floor(i / cols);
    if (!active[i] || col % 2 || row % 2) continue;
    const tx = col * SEARCH_STEP * 2;
    const ty = row * SEARCH_STEP * 2;
    if (patchRms(targetFine, tx, ty, PATCH) < src.detail) continue;
    const t = patchStats(target, tx, ty, PATCH);
    const source = src.full[nv[i]!]!;
    let best = Infinity;
    let bx = 0;
    let by = 0;
    for (let dy = -2; dy <= 2; dy++) {
      for (let dx = -2; dx <= 2; dx++) {
        const sx = nx[i]! * 2 + dx;
        const sy = ny[i]! * 2 + dy;
        if (sx < 0 || sy < 0 || sx >= fw || sy >= fh) continue;
        const d = meanRemovedSsd(target, tx, ty, source, sx, sy, PATCH);
        if (d < best) {
          best = d;
          bx = sx;
          by = sy;
        }
      }
    }
    const difference = Math.sqrt(best / (PATCH * PATCH)) / t.std;
    if (difference >= CLONE_DIFFERENCE) continue;
    if (patchRms(src.fine[nv[i]!]!, bx, by, PATCH) < src.detail) continue;
    for (let y = ty; y < ty + PATCH; y++)
      cloned.fill(1, y * g.width + tx, y * g.width + tx + PATCH);
  }
  let marked = 0;
  let area = 0;
  for (let i = 0; i < cloned.length; i++) {
    if (g.distance[i]! > 0) {
      area++;
      marked += cloned[i]!;
    }
  }
  return area ? marked / area : 0;
}

function meanRemovedSsd(
  a: Plane,
  ax: number,
  ay: number,
  b: Plane,
  bx: number,
  by: number,
  size: number,
): number {
  let s = 0;
  let s2 = 0;
  for (let y = 0; y < size; y++) {
    const ra = (ay + y) * a.width + ax;
    const rb = (by + y) * b.width + bx;
    for (let x = 0; x < size; x++) {
      const d = a.data[ra + x]! - b.data[rb + x]!;
      s += d;
      s2 += d * d;
    }
  }
  return s2 - (s * s) / (size * size);
}

function patchStats(p: Plane, x0: number, y0: number, size: number): { std: number } {
  let s = 0;
  let s2 = 0;
  for (let y = y0; y < y0 + size; y++) {
    for (let x = x0; x < x0 + size; x++) {
      const v = p.data[y * p.width + x]!;
      s += v;
      s2 += v * v;
    }
  }
  const n = size * size;
  return { std: Math.sqrt(Math.max(0, s2 / n - (s / n) ** 2)) };
}

/** Luma minus its 3x3 mean: what is left of a patch once smooth shading is taken out. */
function fineDetail(p: Plane): Plane {
  const { width: w, height: h, data } = p;
  const out = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      let s = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) s += data[(y + dy) * w + x + dx]!;
      out[y * w + x] = data[y * w + x]! - s / 9;
    }
  }
  return { width: w, height: h, data: out };
}

function patchRms(p: Plane, x0: number, y0: number, size: number): number {
  let s2 = 0;
  for (let y = y0; y < y0 + size; y++) {
    for (let x = x0; x < x0 + size; x++) s2 += p.data[y * p.width + x]! ** 2;
  }
  return Math.sqrt(s2 / (size * size));
}

function cropPlane(p: Plane, r: Rect): Plane {
  const data = new Float32Array(r.width * r.height);
  for (let y = 0; y < r.height; y++) {
    data.set(
      p.data.subarray((r.y + y) * p.width + r.x, (r.y + y) * p.width + r.x + r.width),
      y * r.width,
    );
  }
  return { width: r.width, height: r.height, data };
}

function flip(p: Plane, fx: boolean, fy: boolean): Plane {
  const data = new Float32Array(p.data.length);
  for (let y = 0; y < p.height; y++) {
    const sy = fy ? p.height - 1 - y : y;
    for (let x = 0; x < p.width; x++) {
      data[y * p.width + x] = p.data[sy * p.width + (fx ? p.width - 1 - x : x)]!;
    }
  }
  return { width: p.width, height: p.height, data };
}

function halve(p: Plane): Plane {
  const width = p.width >> 1;
  const height = p.height >> 1;
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = 2 * y * p.width + 2 * x;
      data[y * width + x] =
        (p.data[i]! + p.data[i + 1]! + p.data[i + p.width]! + p.data[i + p.width + 1]!) / 4;
    }
  }
  return { width, height, data };
}
