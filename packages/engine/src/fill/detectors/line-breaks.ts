import type { SeamView } from './seam-view';
import { isSeam, newCount } from './seam-view';

export interface LineBreakOptions {
  /** Luma gradient (0..255 over 2 px) from which an edge counts as a line. */
  edgeLevel: number;
  /** How many px a line must run on its own side of the seam to count (texture does not)... */
  runIn: number;
  /** ...keeping at least this share of its gradient at each px... */
  carried: number;
  /** ...with a gradient along it at most this share of the one across it (a line, not grain). */
  straight: number;
  /** How far (px, across the line) its continuation may lie beyond the seam: a tilted line. */
  reach: number;
}

/**
 * Lines that stop, step or double at a seam: a horizon, a groove, a plank's edge or a strut
 * that runs up to a seam and does not carry on beyond it at about the same place. Per seam pair,
 * for each side, a line edge (the luma gradient across the line at or above `edgeLevel`, carried
 * `runIn` px into that side with the same sign, so texture does not count) is matched by the
 * strongest like edge within `reach` px beyond the seam; what is left unmatched, against the
 * edge level, counts (0..1). A line that stops leaves all of itself; one moved by a step leaves
 * itself on both sides; a doubled one leaves its double. Per side length of the new area.
 */
export function lineBreaks(view: SeamView, options: LineBreakOptions): number {
  const { width: W, height: H, label } = view;
  let sum = 0;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      if (x < W - 1 && isSeam(label, p, p + 1)) sum += seamBreak(view, true, x, y, options);
      if (y < H - 1 && isSeam(label, p, p + W)) sum += seamBreak(view, false, y, x, options);
    }
  }
  return sum / Math.sqrt(newCount(view));
}

/**
 * The break at one seam pair. `vertical`: the seam lies between columns `lane` and `lane + 1`
 * at row `i`, and the lines crossing it run across (their gradient is along the column);
 * otherwise between rows, at column `i`.
 */
function seamBreak(
  view: SeamView,
  vertical: boolean,
  lane: number,
  i: number,
  options: LineBreakOptions,
): number {
  let worst = 0;
  for (let side = 0; side < 2; side++) {
    const toward = side === 0 ? -1 : 1;
    // One px clear of the seam on each side: the render mixes the two copies across it.
    const near = side === 0 ? lane - 1 : lane + 2;
    const far = side === 0 ? lane + 2 : lane - 1;
    const g = gradient(view, vertical, near, i);
    if (Math.abs(g) < options.edgeLevel || !runsIn(view, vertical, near, i, g, toward, options))
      continue;
    let matched = 0;
    for (let d = -options.reach; d <= options.reach; d++) {
      const h = gradient(view, vertical, far, i + d);
      if (Math.sign(h) === Math.sign(g)) matched = Math.max(matched, Math.abs(h));
    }
    const left = Math.max(0, Math.abs(g) - matched);
    worst = Math.max(worst, Math.min(1, left / options.edgeLevel));
  }
  return worst;
}

/** Whether the edge of gradient g at (lane, i) carries on `runIn` px away from the seam. */
function runsIn(
  view: SeamView,
  vertical: boolean,
  lane: number,
  i: number,
  g: number,
  toward: number,
  options: LineBreakOptions,
): boolean {
  // Followed px by px, so a tilted line is followed along its tilt.
  let at = i;
  for (let k = 1; k <= options.runIn; k++) {
    let best = 0;
    let next = at;
    for (let d = -1; d <= 1; d++) {
      const h = gradient(view, vertical, lane + toward * k, at + d);
      const along = Math.abs(gradient(view, !vertical, at + d, lane + toward * k));
      if (along > options.straight * Math.abs(h)) continue;
      if (Math.sign(h) === Math.sign(g) && Math.abs(h) > best) {
        best = Math.abs(h);
        next = at + d;
      }
    }
    if (best < options.carried * Math.abs(g)) return false;
    at = next;
  }
  return true;
}

/**
 * The luma gradient across the lines crossing a seam, at (lane, i): along the column for a
 * vertical seam, along the row otherwise; 0 outside the canvas. With `vertical` flipped and lane
 * and i swapped, the gradient along those lines.
 */
function gradient(view: SeamView, vertical: boolean, lane: number, i: number): number {
  const { width: W, height: H, luma } = view;
  if (vertical) {
    if (lane < 0 || lane >= W || i < 1 || i >= H - 1) return 0;
    return luma[(i + 1) * W + lane]! - luma[(i - 1) * W + lane]!;
  }
  if (lane < 0 || lane >= H || i < 1 || i >= W - 1) return 0;
  return luma[lane * W + i + 1]! - luma[lane * W + i - 1]!;
}
