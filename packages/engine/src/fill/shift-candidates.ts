import type { EdgeLine, Side } from './edge-lines';
import type { Rect } from './growth';
import { rectHeight, rectWidth } from './growth';

/** A copy of the known area moved by (dx, dy): new pixel p takes the known pixel p + (dx, dy). */
export interface Shift {
  dx: number;
  dy: number;
  /**
   * A copy along a line that crosses the side (see edge-lines.ts): its slide along the side is the
   * line's own, so it is not charged, and its full-resolution shift (canvas px) is kept exactly
   * rather than scaled up from the working one, so the line carries on without a step.
   */
  alongLine?: { dx: number; dy: number; line: EdgeLine };
}

export interface CandidateOptions {
  /** How many distances across each growing side, from `nearest` to the known area's size. */
  distances: number;
  /** The nearest distance, as a share of the known area's size across the side. */
  nearest: number;
  /** Along-edge offsets, as shares of the known area's size along the edge (and negated). */
  slides: readonly number[];
}

/**
 * The shifts a growth step may choose from. Along each side that grows, copies come from straight
 * across the edge at several distances (a horizon stays at its height, a stem keeps its line), and
 * slid a little along the edge, which mixes the copies so none repeats whole. A copy from distance
 * d serves the new pixels up to d out; the farthest distance, the known area's size, serves all.
 * Corners combine their two sides' farthest distances.
 */
export function candidateShifts(
  known: Rect,
  next: Rect,
  options: CandidateOptions,
  lines: readonly EdgeLine[],
  scale: { x: number; y: number },
): Shift[] {
  const shifts: Shift[] = [];
  const add = (dx: number, dy: number, alongLine?: Shift['alongLine']) => {
    if (!shifts.some((s) => s.dx === dx && s.dy === dy)) shifts.push({ dx, dy, alongLine });
  };
  const w = rectWidth(known);
  const h = rectHeight(known);
  const sides: {
    name: Side;
    grow: number;
    size: number;
    along: number;
    sign: number;
    x: boolean;
  }[] = [
    { name: 'left', grow: known.x0 - next.x0, size: w, along: h, sign: 1, x: true },
    { name: 'right', grow: next.x1 - known.x1, size: w, along: h, sign: -1, x: true },
    { name: 'top', grow: known.y0 - next.y0, size: h, along: w, sign: 1, x: false },
    { name: 'bottom', grow: next.y1 - known.y1, size: h, along: w, sign: -1, x: false },
  ];
  for (const side of sides) {
    if (side.grow <= 0) continue;
    const nearest = Math.max(1, Math.round(options.nearest * side.size));
    const distances = spread(nearest, side.size, options.distances);
    for (const line of lines) {
      if (line.side !== side.name) continue;
      const toCanvas = 1 / (side.x ? scale.x : scale.y);
      for (const d of distances) {
        const along = Math.round(line.slope * d);
        const exactAcross = d * side.sign * toCanvas;
        const exactAlong = line.slope * d * toCanvas;
        if (side.x) add(d * side.sign, along, { dx: exactAcross, dy: exactAlong, line });
        else add(along, d * side.sign, { dx: exactAlong, dy: exactAcross, line });
      }
    }
    for (const d of distances) {
      for (const slide of [0, ...options.slides]) {
        const s = Math.round(slide * side.along);
        for (const along of s === 0 ? [0] : [s, -s]) {
          if (side.x) add(d * side.sign, along);
          else add(along, d * side.sign);
        }
      }
    }
  }
  const xs = [sides[0]!.grow > 0 ? w : 0, sides[1]!.grow > 0 ? -w : 0];
  const ys = [sides[2]!.grow > 0 ? h : 0, sides[3]!.grow > 0 ? -h : 0];
  for (const dx of xs) for (const dy of ys) if (dx !== 0 && dy !== 0) add(dx, dy);
  return shifts;
}

/** `count` whole distances from `from` to `to`, evenly spread (fewer when the range is short). */
function spread(from: number, to: number, count: number): number[] {
  if (to <= from || count <= 1) return [to];
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const d = Math.round(from + ((to - from) * i) / (count - 1));
    if (!out.includes(d)) out.push(d);
  }
  return out;
}
