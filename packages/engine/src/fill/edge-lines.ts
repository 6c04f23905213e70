import type { Raster } from './raster';

export type Side = 'left' | 'right' | 'top' | 'bottom';

/**
 * A straight line that crosses a side of the original: `slope` px along the side per px inward,
 * crossing the side at `at` (a share of the side's length from its top or left end).
 */
export interface EdgeLine {
  side: Side;
  slope: number;
  at: number;
}

export interface LineOptions {
  /** Lines are found on a preview of the original whose longer side is at most this many px. */
  side: number;
  /** Depth of the strip searched along each side, as a share of the original across it... */
  depth: number;
  /** ...and at most this many px (at the search's scale). */
  maxDepth: number;
  /** Gradient (grey levels per px) an edge pixel needs. */
  minGradient: number;
  /** Share of the strip's depth over which a line must have an edge at its place. */
  coverage: number;
  /** Lines kept per side, strongest first. */
  perSide: number;
  /** Steepest line kept, in degrees from straight across the side. */
  maxTilt: number;
  /** Lines closer to straight across than this (degrees) are left to the straight copies. */
  minTilt: number;
}

/** An edge pixel supports a line when its gradient lies within ~35° of the line's normal. */
const ALIGNED = 0.82;
const VOTE_REACH = (Math.acos(ALIGNED) * 180) / Math.PI + 1;
/** Lines closer than this where they cross the side, and this close in angle, are one. */
const SAME_LINE_PX = 8;
const SAME_LINE_RADIANS = 0.15;

/**
 * Straight lines of the original, seen on `preview` (a cable, a shoreline, a roof edge, a tilted horizon) that cross
 * the given sides at an angle, found by Hough votes of the edges in a strip along each side. A
 * copy moved along such a line continues it past the side at its height and angle, which no copy
 * straight across the side can do.
 */
export function edgeLines(
  preview: Raster<Float32Array>,
  sides: readonly Side[],
  options: LineOptions,
): EdgeLine[] {
  const { width: w, height: h } = preview;
  const l = new Float32Array(w * h);
  const lines: EdgeLine[] = [];
  for (const side of sides) {
    const depth = Math.min(options.maxDepth, Math.round(options.depth * acrossSize(side, w, h)));
    if (depth < 8) continue;
    const strip = gradientStrip(preview, l, side, depth);
    for (const line of sideLines(strip, depth, options)) lines.push({ side, ...line });
  }
  return lines;
}

/**
 * Gradients of the strip along one side, seen from that side: at (t, a), t px inward from the
 * side and a px along it, `gt[t * along + a]` is the component inward and `ga[…]` the one along.
 */
interface Strip {
  along: number;
  gt: Float32Array;
  ga: Float32Array;
}

/** The original's size across the side (what the strip's depth is a share of). */
const acrossSize = (side: Side, w: number, h: number): number =>
  side === 'left' || side === 'right' ? w : h;

/**
 * The strip's Sobel gradients (0 on the preview's border), from the luma `l` of the preview,
 * filled in here where the strip's Sobel reads it (only the strips are ever read).
 */
function gradientStrip(
  preview: Raster<Float32Array>,
  l: Float32Array,
  side: Side,
  depth: number,
): Strip {
  const { width: w, height: h } = preview;
  const horizontal = side === 'left' || side === 'right';
  const along = horizontal ? h : w;
  const inward = side === 'left' || side === 'top' ? 1 : -1;
  // The strip and the 1 px ring its Sobel reads.
  const reach = Math.min(depth + 1, horizontal ? w : h);
  if (side === 'left') luma(preview, l, 0, 0, reach, h);
  else if (side === 'right') luma(preview, l, w - reach, 0, w, h);
  else if (side === 'top') luma(preview, l, 0, 0, w, reach);
  else luma(preview, l, 0, h - reach, w, h);
  const gt = new Float32Array(depth * along);
  const ga = new Float32Array(depth * along);
  for (let t = 0; t < depth; t++) {
    for (let a = 0; a < along; a++) {
      const x = side === 'left' ? t : side === 'right' ? w - 1 - t : a;
      const y = side === 'top' ? t : side === 'bottom' ? h - 1 - t : a;
      const inside = x > 0 && y > 0 && x < w - 1 && y < h - 1;
      const gx = inside ? sobelX(l, y * w + x, w) : 0;
      const gy = inside ? sobelY(l, y * w + x, w) : 0;
      gt[t * along + a] = inward * (horizontal ? gx : gy);
      ga[t * along + a] = horizontal ? gy : gx;
    }
  }
  return { along, gt, ga };
}

/** A Hough bin's index and its vote. */
interface Vote {
  i: number;
  vote: number;
}

/** Made once, not per call: a comparator closure made per call is optimised anew per call. */
const strongestFirst = (x: Vote, y: Vote): number => y.vote - x.vote || x.i - y.i;

/** The strongest lines crossing one side. */
function sideLines(v: Strip, depth: number, options: LineOptions): { slope: number; at: number }[] {
  const slopes: number[] = [];
  for (let deg = -options.maxTilt; deg <= options.maxTilt; deg++) {
    slopes.push(Math.tan((deg * Math.PI) / 180));
  }
  const votes = houghVotes(v, depth, slopes, options);
  const threshold = options.minGradient * depth * options.coverage;
  const order: Vote[] = [];
  for (let i = 0; i < votes.length; i++)
    if (votes[i]! >= threshold) order.push({ i, vote: votes[i]! });
  order.sort(strongestFirst);
  const span = v.along;
  const kept: { slope: number; a0: number }[] = [];
  const minSlope = Math.tan((options.minTilt * Math.PI) / 180);
  for (const { i } of order) {
    if (kept.length === options.perSide) break;
    const voted = slopes[Math.floor(i / 2 / span)]!;
    const polarity = i % 2 === 0 ? 1 : -1;
    const line = fitLine(v, depth, voted, Math.floor(i / 2) % span, polarity, options);
    if (!line) continue;
    // Both edges of one cable or strut are one line.
    const near = kept.some(
      (k) =>
        Math.abs(k.a0 - line.a0) < SAME_LINE_PX &&
        Math.abs(Math.atan(k.slope) - Math.atan(line.slope)) < SAME_LINE_RADIANS,
    );
    if (!near) kept.push(line);
  }
  return kept
    .filter((k) => Math.abs(k.slope) >= minSlope)
    .map((k) => ({ slope: k.slope, at: (k.a0 + 0.5) / span }));
}

/**
 * The strip's Hough votes: per slope, place along the side (where the line crosses it) and
 * polarity, at `(slope * along + place) * 2 + (across > 0 ? 0 : 1)`, the summed gradient
 * across the line of the edges aligned with it. Its own function: V8 compiles this loop alone.
 */
function houghVotes(
  v: Strip,
  depth: number,
  slopes: readonly number[],
  options: LineOptions,
): Float32Array {
  const { maxTilt, minGradient } = options;
  /** Per slope, the length of its normal (1, -slope): across = (ga - slope·gt) / norm. */
  const norms: number[] = [];
  for (const slope of slopes) norms.push(Math.sqrt(1 + slope * slope));
  const span = v.along;
  const votes = new Float32Array(slopes.length * span * 2);
  for (let t = 1; t < depth; t++) {
    for (let a = 1; a < span - 1; a++) {
      const gt = v.gt[t * span + a]!;
      const ga = v.ga[t * span + a]!;
      // Most pixels are flat: this skips them before the exact (and slower) hypot; the margin
      // keeps every pixel whose hypot could reach minGradient.
      if (gt * gt + ga * ga < minGradient * minGradient * (1 - 1e-9)) continue;
      const total = Math.hypot(gt, ga);
      if (total < minGradient) continue;
      const aligned = ALIGNED * total;
      // Only slopes within ~35° of the edge's own direction can get its vote.
      const direction = (Math.atan2(-gt, ga) * 180) / Math.PI;
      const centre = direction - 180 * Math.round(direction / 180);
      for (let turn = -180; turn <= 180; turn += 180) {
        const from = Math.max(-maxTilt, Math.floor(centre + turn - VOTE_REACH));
        const to = Math.min(maxTilt, Math.ceil(centre + turn + VOTE_REACH));
        for (let deg = from; deg <= to; deg++) {
          const s = deg + maxTilt;
          const across = (ga - slopes[s]! * gt) / norms[s]!;
          if (Math.abs(across) < aligned) continue;
          const a0 = Math.round(a - slopes[s]! * t);
          if (a0 < 0 || a0 >= span) continue;
          const i = (s * span + a0) * 2 + (across > 0 ? 0 : 1);
          votes[i] = votes[i]! + Math.abs(across);
        }
      }
    }
  }
  return votes;
}

/** Gradient component across a line of this slope (the line's normal). */
const acrossLine = (gt: number, ga: number, slope: number): number =>
  (ga - slope * gt) / Math.sqrt(1 + slope * slope);

/**
 * The line refitted (least squares) to the edge it was voted for: per strip column, the strongest
 * aligned edge of its polarity within 1 px; null when too few columns have one. The vote's slope
 * is only as fine as its one-degree steps, which over a wide extension is px out of place.
 */
function fitLine(
  v: Strip,
  depth: number,
  slope: number,
  a0: number,
  polarity: number,
  options: LineOptions,
): { slope: number; a0: number } | null {
  let n = 0;
  let st = 0;
  let sa = 0;
  let stt = 0;
  let sta = 0;
  for (let t = 1; t < depth; t++) {
    const a = Math.round(a0 + slope * t);
    let best = 0;
    let at = -1;
    for (let d = -1; d <= 1; d++) {
      const aa = a + d;
      if (aa < 1 || aa >= v.along - 1) continue;
      const gt = v.gt[t * v.along + aa]!;
      const ga = v.ga[t * v.along + aa]!;
      const across = acrossLine(gt, ga, slope) * polarity;
      if (
        across >= options.minGradient &&
        across >= ALIGNED * Math.hypot(gt, ga) &&
        across > best
      ) {
        best = across;
        at = aa;
      }
    }
    if (at < 0) continue;
    n++;
    st += t;
    sa += at;
    stt += t * t;
    sta += t * at;
  }
  if (n < options.coverage * (depth - 1)) return null;
  const fitted = (n * sta - st * sa) / (n * stt - st * st);
  return { slope: fitted, a0: (sa - fitted * st) / n };
}

/** Fills `out` with the image's luma over x0..x1-1, y0..y1-1. */
function luma(
  image: Raster<Float32Array>,
  out: Float32Array,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): void {
  const { width, channels: c, data } = image;
  for (let y = y0; y < y1; y++) {
    for (let p = y * width + x0; p < y * width + x1; p++) {
      out[p] =
        c >= 3
          ? 0.299 * data[p * c]! + 0.587 * data[p * c + 1]! + 0.114 * data[p * c + 2]!
          : data[p * c]!;
    }
  }
}

const sobelX = (l: Float32Array, p: number, w: number): number =>
  (l[p - w + 1]! + 2 * l[p + 1]! + l[p + w + 1]! - l[p - w - 1]! - 2 * l[p - 1]! - l[p + w - 1]!) /
  8;

const sobelY = (l: Float32Array, p: number, w: number): number =>
  (l[p + w - 1]! + 2 * l[p + w]! + l[p + w + 1]! - l[p - w - 1]! - 2 * l[p - w]! - l[p - w + 1]!) /
  8;
