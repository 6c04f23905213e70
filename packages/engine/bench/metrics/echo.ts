import type { Plane, Rect } from '../frame';
import type { Candidate } from './context';

/** Luma is judged in blocks this many px wide: a stacked head or fork shows, grass texture not. */
const BLOCK = 4;
/** Strip widths tried, as shares of the original's size across the side. */
const WIDTHS = [0.08, 0.12, 0.16, 0.2, 0.25, 0.3, 0.4, 0.5];
/** Std (grey levels) either strip is lifted to, so plain sky beside plain sky scores near 0. */
const STD_FLOOR = 4;
/**
 * Radius (blocks) of the mean taken off each block: shading and a horizon running along the edge
 * correlate on both sides in any photo, so only what stands out from its surroundings counts.
 */
const SURROUND = 4;
/** Block rows at either end of a side left out: a corner's own fill is not the side's echo. */
const END_MARGIN = 1;

/**
 * How strongly the new area right outside each side repeats the original right inside it: the
 * correlation (0-1) of the strip of width d outside with the strip of width d inside, moved
 * across by d, at the d where it is highest, on the side where it is highest. That is the stack:
 * a head, a fork or a cup cut by the side, shown again beside itself. A real photo goes on with
 * something else (the rest of the head), so its own score is low; mirror padding reflects
 * instead of repeating, so it scores low too although it doubles the subject.
 */
export function edgeEcho(c: Candidate, k: Rect): number {
  const coarse = detail(blocks(c.luma));
  const kx0 = Math.ceil(k.x / BLOCK);
  const ky0 = Math.ceil(k.y / BLOCK);
  const kx1 = Math.floor((k.x + k.width) / BLOCK);
  const ky1 = Math.floor((k.y + k.height) / BLOCK);
  const across = { x: kx1 - kx0, y: ky1 - ky0 };
  const sides = [
    { grow: kx0, size: across.x, horizontal: true, sign: -1, edge: kx0 },
    { grow: coarse.width - kx1, size: across.x, horizontal: true, sign: 1, edge: kx1 },
    { grow: ky0, size: across.y, horizontal: false, sign: -1, edge: ky0 },
    { grow: coarse.height - ky1, size: across.y, horizontal: false, sign: 1, edge: ky1 },
  ];
  let echo = 0;
  for (const side of sides) {
    if (side.grow < 2) continue;
    const from = (side.horizontal ? ky0 : kx0) + END_MARGIN;
    const to = (side.horizontal ? ky1 : kx1) - END_MARGIN;
    for (const share of WIDTHS) {
      const d = Math.min(side.grow, Math.round(share * side.size));
      if (d < 2) continue;
      // The d blocks in from the edge and the d blocks beyond it, in the same order: a copy
      // moved across by d matches them one for one.
      const inStart = side.sign > 0 ? side.edge - d : side.edge;
      const outStart = side.sign > 0 ? side.edge : side.edge - d;
      const at = (across: number, along: number): number =>
        side.horizontal
          ? coarse.data[along * coarse.width + across]!
          : coarse.data[across * coarse.width + along]!;
      const a: number[] = [];
      const b: number[] = [];
      for (let along = from; along < to; along++) {
        for (let i = 0; i < d; i++) {
          a.push(at(inStart + i, along));
          b.push(at(outStart + i, along));
        }
      }
      echo = Math.max(echo, correlation(a, b));
    }
  }
  return echo;
}

/** Pearson correlation, each side's std lifted to STD_FLOOR; 0 when either is empty. */
function correlation(a: number[], b: number[]): number {
  const n = a.length;
  if (n === 0) return 0;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i]!;
    mb += b[i]!;
  }
  ma /= n;
  mb /= n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    sab += (a[i]! - ma) * (b[i]! - mb);
    saa += (a[i]! - ma) ** 2;
    sbb += (b[i]! - mb) ** 2;
  }
  const floor = n * STD_FLOOR ** 2;
  return Math.max(0, sab / Math.sqrt(Math.max(saa, floor) * Math.max(sbb, floor)));
}

/** Each block minus the mean of the blocks within SURROUND of it. */
function detail(p: Plane): Plane {
  const { width: w, height: h, data } = p;
  const sums = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      sums[(y + 1) * (w + 1) + x + 1] =
        data[y * w + x]! +
        sums[y * (w + 1) + x + 1]! +
        sums[(y + 1) * (w + 1) + x]! -
        sums[y * (w + 1) + x]!;
    }
  }
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - SURROUND);
    const y1 = Math.min(h, y + SURROUND + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - SURROUND);
      const x1 = Math.min(w, x + SURROUND + 1);
      const sum =
        sums[y1 * (w + 1) + x1]! -
        sums[y0 * (w + 1) + x1]! -
        sums[y1 * (w + 1) + x0]! +
        sums[y0 * (w + 1) + x0]!;
      out[y * w + x] = data[y * w + x]! - sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return { width: w, height: h, data: out };
}

/** Mean luma over BLOCK x BLOCK blocks. */
function blocks(p: Plane): Plane {
  const width = Math.floor(p.width / BLOCK);
  const height = Math.floor(p.height / BLOCK);
  const data = new Float32Array(width * height);
  for (let y = 0; y < height * BLOCK; y++) {
    for (let x = 0; x < width * BLOCK; x++) {
      data[Math.floor(y / BLOCK) * width + Math.floor(x / BLOCK)]! += p.data[y * p.width + x]!;
    }
  }
  for (let i = 0; i < data.length; i++) data[i] = data[i]! / (BLOCK * BLOCK);
  return { width, height, data };
}
