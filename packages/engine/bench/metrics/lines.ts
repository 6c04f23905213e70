import type { Rect } from '../frame';
import type { Candidate } from './context';
import { SEAM_MARGIN } from './context';

/** Gradient (grey levels per px, Sobel) an edge pixel needs. */
const EDGE_MIN = 10;
/** An edge pixel supports a line when its gradient lies within ~35° of the line's normal. */
const ALIGNED = 0.82;
/** Depth (share of the original across the border, at most 160 px) lines are found in. */
const STRIP_SHARE = 0.3;
const STRIP_MAX = 160;
const STRIP_MIN = 24;
/** Lines found: at most this far (degrees) from perpendicular to the border. */
const MAX_TILT = 60;
/** A line is dominant when this share of its run across the strip has a matching edge. */
const MIN_COVERAGE = 0.7;
/** Lines kept per border, strongest first, among this many best-voted candidates. */
const LINES_PER_BORDER = 3;
const MAX_CANDIDATES = 400;
/** In the new area a point continues the line with an edge of the same polarity, this strong
 * relative to the line's own, within this many px of it. */
const CONTINUE_STRENGTH = 0.35;
const TOLERANCE = 2;

/** A straight line in the frame of one border: x runs across the border, y along it. */
export interface Line {
  border: 'left' | 'right' | 'top' | 'bottom';
  /** Slope dy/dx, intercept y at the border column, and the sign of the gradient across it. */
  slope: number;
  y0: number;
  polarity: 1 | -1;
  /** Median gradient across the line on the original (grey levels per px). */
  strength: number;
}

/** A candidate seen with one border on its left or right: transposed for top and bottom. */
interface View {
  width: number;
  height: number;
  gx: Float32Array;
  gy: Float32Array;
  known: Rect;
}

function view(c: Candidate, known: Rect, transposed: boolean): View {
  const { width, height } = c.luma;
  if (!transposed) return { width, height, gx: c.gx, gy: c.gy, known };
  const t = (a: Float32Array): Float32Array => {
    const out = new Float32Array(a.length);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) out[x * height + y] = a[y * width + x]!;
    return out;
  };
  return {
    width: height,
    height: width,
    gx: t(c.gy),
    gy: t(c.gx),
    known: { x: known.y, y: known.x, width: known.height, height: known.width },
  };
}

interface Border {
  name: Line['border'];
  transposed: boolean;
  /** First column of the original at the border, and which way is outward. */
  column: (k: Rect) => number;
  out: 1 | -1;
}

const BORDERS: Border[] = [
  { name: 'left', transposed: false, column: (k) => k.x, out: -1 },
  { name: 'right', transposed: false, column: (k) => k.x + k.width - 1, out: 1 },
  { name: 'top', transposed: true, column: (k) => k.x, out: -1 },
  { name: 'bottom', transposed: true, column: (k) => k.x + k.width - 1, out: 1 },
];

/** Component of the gradient at (x, y) across a line of this slope (positive towards +y). */
function across(v: View, x: number, y: number, slope: number): number {
  const i = y * v.width + x;
  return (v.gy[i]! - slope * v.gx[i]!) / Math.sqrt(1 + slope * slope);
}

const gradientAt = (v: View, x: number, y: number): number =>
  Math.sqrt(v.gx[y * v.width + x]! ** 2 + v.gy[y * v.width + x]! ** 2);

/** Whether the line has an edge of its polarity at column x, within `tolerance` px of it. */
function edgeAt(v: View, line: Line, x: number, min: number, tolerance: number): boolean {
  const border = BORDERS.find((b) => b.name === line.border)!;
  const y = line.y0 + line.slope * (x - border.column(v.known));
  for (let d = -tolerance; d <= tolerance; d++) {
    const yy = Math.round(y) + d;
    if (yy < 1 || yy >= v.height - 1) continue;
    const along = across(v, x, yy, line.slope);
    if (along * line.polarity >= min && Math.abs(along) >= ALIGNED * gradientAt(v, x, yy))
      return true;
  }
  return false;
}

/** Dominant straight lines of the original that cross a border the canvas extends past. */
export function dominantLines(real: Candidate, known: Rect): Line[] {
  const lines: Line[] = [];
  for (const border of BORDERS) {
    const v = view(real, known, border.transposed);
    const k = v.known;
    const bx = border.column(k);
    if (border.out < 0 ? bx <= 0 : bx >= v.width - 1) continue;
    const depth = Math.min(STRIP_MAX, Math.round(k.width * STRIP_SHARE));
    if (depth < STRIP_MIN) continue;
    const slopes: number[] = [];
    for (let a = -MAX_TILT; a <= MAX_TILT; a++) slopes.push(Math.tan((a * Math.PI) / 180));
    // Hough votes over (slope, intercept at the border, polarity), weighted by edge strength.
    const span = k.height;
    const votes = new Float32Array(slopes.length * span * 2);
    for (let t = 0; t < depth; t++) {
      const x = bx - border.out * t;
      for (let y = Math.max(1, k.y); y < Math.min(v.height - 1, k.y + k.height); y++) {
        const i = y * v.width + x;
        const total = gradientAt(v, x, y);
        if (total < EDGE_MIN) continue;
        // Only the slopes whose normal lies within ALIGNED of this gradient can get its vote.
        const normal = (Math.atan2(v.gy[i]!, v.gx[i]!) * 180) / Math.PI - 90;
        const centre = normal - 180 * Math.round(normal / 180);
        const reach = (Math.acos(ALIGNED) * 180) / Math.PI + 1;
        for (const turn of [-180, 0, 180]) {
          const from = Math.max(-MAX_TILT, Math.floor(centre + turn - reach));
          const to = Math.min(MAX_TILT, Math.ceil(centre + turn + reach));
          for (let a = from; a <= to; a++) {
            const s = a + MAX_TILT;
            const along = across(v, x, y, slopes[s]!);
            if (Math.abs(along) < ALIGNED * total) continue;
            const y0 = Math.round(y - slopes[s]! * (x - bx)) - k.y;
            if (y0 < 0 || y0 >= span) continue;
            const vi = (s * span + y0) * 2 + (along > 0 ? 0 : 1);
            votes[vi] = votes[vi]! + Math.abs(along);
          }
        }
      }
    }
    const order = Array.from(votes.keys())
      .filter((i) => votes[i]! >= EDGE_MIN * depth * MIN_COVERAGE)
      .sort((a, b) => votes[b]! - votes[a]!);
    const kept: Line[] = [];
    for (const i of order.slice(0, MAX_CANDIDATES)) {
      if (kept.length === LINES_PER_BORDER) break;
      const s = Math.floor(i / 2 / span);
      const line: Line = {
        border: border.name,
        slope: slopes[s]!,
        y0: (Math.floor(i / 2) % span) + k.y,
        polarity: i % 2 === 0 ? 1 : -1,
        strength: 0,
      };
      const near = kept.some(
        (o) =>
          Math.abs(o.y0 - line.y0) < 8 &&
          Math.abs(Math.atan(o.slope) - Math.atan(line.slope)) < 0.1,
      );
      if (near) continue;
      const strengths: number[] = [];
      let covered = 0;
      for (let t = 0; t < depth; t++) {
        const x = bx - border.out * t;
        if (edgeAt(v, line, x, EDGE_MIN, 1)) covered++;
        const y = Math.round(line.y0 + line.slope * (x - bx));
        if (y >= 1 && y < v.height - 1) strengths.push(Math.abs(across(v, x, y, line.slope)));
      }
      if (covered < MIN_COVERAGE * depth) continue;
      strengths.sort((a, b) => a - b);
      line.strength = strengths[strengths.length >> 1] ?? 0;
      kept.push(line);
    }
    lines.push(...kept);
  }
  return lines;
}

/**
 * Share (0-1) of the lines' extension across the new area, up to the canvas's edge, that still
 * has an edge of the same polarity at the same height and angle; NaN when there are no lines.
 */
export function continuation(c: Candidate, known: Rect, lines: Line[]): number {
  let samples = 0;
  let matched = 0;
  for (const line of lines) {
    const border = BORDERS.find((b) => b.name === line.border)!;
    const v = view(c, known, border.transposed);
    const bx = border.column(v.known);
    for (let t = SEAM_MARGIN; ; t++) {
      const x = bx + border.out * t;
      const y = line.y0 + line.slope * (x - bx);
      if (x < 1 || x >= v.width - 1 || y < 1 || y >= v.height - 1) break;
      samples++;
      if (edgeAt(v, line, x, CONTINUE_STRENGTH * line.strength, TOLERANCE)) matched++;
    }
  }
  return samples ? matched / samples : Number.NaN;
}
