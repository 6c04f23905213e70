/**
 * The render of a plan (README.md, stage 7): each new pixel copied at full resolution under the
 * shift its working pixels chose, copies mixed where they meet.
 */
import type { Rect } from './growth';
import type { LineageChains } from './lineage';
import { chainOf, MIXED_LINEAGE } from './lineage';
import type { Raster } from './raster';
import type { FillScratch } from './scratch';

export interface WorkingShifts {
  /** Per working pixel, the chosen copy's shift in canvas px. */
  shiftX: Float32Array;
  shiftY: Float32Array;
  /** Per working pixel, which copy it chose (one id per shift of each step). */
  copyOf: Int32Array;
  Ww: number;
  sx: number;
  sy: number;
}

/**
 * The growth steps of a plan (the known area after each, on the canvas and the working canvas),
 * and how it names its lineages.
 */
export interface PlanSteps {
  steps: Rect[];
  workSteps: Rect[];
  chains: LineageChains;
}

/**
 * Makes every growth step's copies on `canvas` (the original already on it), step by step: a
 * step copies only from what the steps before it made. Returns each canvas pixel's lineage (-1
 * on the original, MIXED_LINEAGE where copies were mixed), named as the plan names them.
 */
export function renderCopies(
  canvas: Raster,
  { steps, workSteps, chains }: PlanSteps,
  shifts: WorkingShifts,
  scratch: FillScratch,
): Int32Array {
  const copies = canvasCopies(shifts);
  const lineage = scratch.array('render.lineage', canvas.width * canvas.height, Int32Array);
  lineage.fill(-1);
  const mix: MixScratch = {
    picks: scratch.array('render.picks', 4, Int32Array),
    weights: scratch.array('render.weights', 4, Float64Array),
    sources: scratch.array('render.sources', 4, Int32Array),
  };
  for (let k = 1; k < steps.length; k++) {
    const known = steps[k - 1]!;
    const next = steps[k]!;
    const workKnown = workSteps[k - 1]!;
    const workNext = workSteps[k]!;
    // Each canvas column's (and row's) two working columns (rows) and weight towards the second.
    const columns = workingNeighbours('x', copies.sx, known, next, workKnown, workNext);
    const rows = workingNeighbours('y', copies.sy, known, next, workKnown, workNext);
    const step: StepRender = {
      out: canvas.data,
      W: canvas.width,
      c: canvas.channels,
      known,
      next,
      columns,
      runEnd: columnRuns(columns.first, columns.second, next.x0),
      copies,
      mix,
      lineage,
      chains,
    };
    renderStep(step, rows);
  }
  return lineage;
}

/** A plan's copies as the render reads them: each working pixel's shift rounded to canvas px. */
interface CanvasCopies {
  copyOf: Int32Array;
  dx: Int32Array;
  dy: Int32Array;
  Ww: number;
  sx: number;
  sy: number;
}

function canvasCopies(shifts: WorkingShifts): CanvasCopies {
  const { copyOf, shiftX, shiftY, Ww, sx, sy } = shifts;
  const dx = new Int32Array(copyOf.length);
  const dy = new Int32Array(copyOf.length);
  for (let p = 0; p < copyOf.length; p++) {
    dx[p] = Math.round(shiftX[p]!);
    dy[p] = Math.round(shiftY[p]!);
  }
  return { copyOf, dx, dy, Ww, sx, sy };
}

/** `mixPixel`'s working pixels (the first of each distinct copy), their weights and sources. */
interface MixScratch {
  picks: Int32Array;
  weights: Float64Array;
  sources: Int32Array;
}

/** One growth step's render: the canvas, the step's ring, its working columns and the copies. */
interface StepRender {
  /** The canvas pixels, `W` wide, `c` channels. */
  out: Uint8Array;
  W: number;
  c: number;
  /** The known area before the step, and after it. */
  known: Rect;
  next: Rect;
  /** Per canvas column of the ring (from `next.x0`), its two working columns. */
  columns: Neighbours;
  /** Per canvas column of the ring, where its run of columns sharing working columns ends. */
  runEnd: Int32Array;
  copies: CanvasCopies;
  mix: MixScratch;
  /** Per canvas pixel, its lineage (see `renderCopies`). */
  lineage: Int32Array;
  chains: LineageChains;
}

/**
 * Full-resolution copies for one growth step. Each new pixel looks at the 2x2 working pixels
 * around it (those of this step's ring) and copies the known pixel under their copies, scaled up:
 * where they all chose one copy, that copy exactly; where copies meet, a mix of them weighted as
 * bilinear interpolation weighs the working pixels. The boundary between two copies then runs
 * smoothly at full resolution instead of in stair steps as large as a working pixel.
 */
function renderStep(step: StepRender, rows: Neighbours): void {
  const { known, next } = step;
  const { Ww } = step.copies;
  for (let y = next.y0; y < next.y1; y++) {
    const row: RingRow = {
      y,
      y0: rows.first[y - next.y0]! * Ww,
      y1: rows.second[y - next.y0]! * Ww,
      ty: rows.toSecond[y - next.y0]!,
    };
    if (y >= known.y0 && y < known.y1) {
      renderSpan(step, row, next.x0, known.x0);
      renderSpan(step, row, known.x1, next.x1);
    } else {
      renderSpan(step, row, next.x0, next.x1);
    }
  }
}

/** One canvas row of a step's ring: its two working rows (as indices of their first pixel). */
interface RingRow {
  y: number;
  y0: number;
  y1: number;
  ty: number;
}

type Neighbours = ReturnType<typeof workingNeighbours>;

/**
 * Per canvas column of a ring (from `x0`), the column (exclusive) where the run of columns
 * sharing its two working columns ends.
 */
function columnRuns(first: Int32Array, second: Int32Array, x0: number): Int32Array {
  const runEnd = new Int32Array(first.length);
  for (let i = first.length - 1; i >= 0; i--) {
    const sameAsNext =
      i + 1 < first.length && first[i + 1] === first[i] && second[i + 1] === second[i];
    runEnd[i] = sameAsNext ? runEnd[i + 1]! : x0 + i + 1;
  }
  return runEnd;
}

/**
 * Canvas columns `from` to `to` (exclusive) of one ring row, a run of columns sharing their
 * working pixels at a time: where those all chose one copy, the run is copied under its shift.
 */
function renderSpan(step: StepRender, row: RingRow, from: number, to: number): void {
  const { copyOf } = step.copies;
  const { columns, runEnd, next } = step;
  const { y0, y1 } = row;
  for (let x = from; x < to;) {
    const i = x - next.x0;
    const end = Math.min(to, runEnd[i]!);
    const x0 = columns.first[i]!;
    const x1 = columns.second[i]!;
    const id = copyOf[y0 + x0];
    if (copyOf[y0 + x1] === id && copyOf[y1 + x0] === id && copyOf[y1 + x1] === id) {
      copyRun(step, row.y, x, end, y0 + x0);
    } else {
      for (; x < end; x++) mixPixel(step, row, x);
    }
    x = end;
  }
}

/** Canvas pixels `from` to `to` (exclusive) of row y, each copied under working pixel wp's shift. */
function copyRun(step: StepRender, y: number, from: number, to: number, wp: number): void {
  const { out, W, c, known, copies, lineage } = step;
  const dx = copies.dx[wp]!;
  const copy = copies.copyOf[wp]!;
  const srcRow = clamp(y + copies.dy[wp]!, known.y0, known.y1 - 1) * W;
  const last = known.x1 - 1;
  // The run's pixels' lineage changes only where their sources' does.
  let sourceLineage = NaN;
  let own = MIXED_LINEAGE;
  for (let x = from; x < to; x++) {
    const srcX = x + dx;
    const src = srcRow + (srcX < known.x0 ? known.x0 : srcX > last ? last : srcX);
    if (lineage[src] !== sourceLineage) {
      sourceLineage = lineage[src]!;
      own = chainOf(step.chains, copy, sourceLineage);
    }
    lineage[y * W + x] = own;
    const source = src * c;
    const target = (y * W + x) * c;
    if (c === 3) {
      out[target] = out[source]!;
      out[target + 1] = out[source + 1]!;
      out[target + 2] = out[source + 2]!;
    } else {
      for (let ch = 0; ch < c; ch++) out[target + ch] = out[source + ch]!;
    }
  }
}

/**
 * Canvas pixel x of a ring row where copies meet: the copies of its 2x2 working pixels (the first
 * of each distinct copy), mixed by their summed bilinear weights.
 */
function mixPixel(step: StepRender, row: RingRow, x: number): void {
  const { out, W, c, columns, copies } = step;
  const { picks, weights, sources } = step.mix;
  const { copyOf } = copies;
  const { y, y0, y1, ty } = row;
  const column = x - step.next.x0;
  const x0 = columns.first[column]!;
  const x1 = columns.second[column]!;
  const tx = columns.toSecond[column]!;
  const to = (y * W + x) * c;
  let count = 0;
  for (let j = 0; j < 2; j++) {
    for (let i = 0; i < 2; i++) {
      const weight = (i === 0 ? 1 - tx : tx) * (j === 0 ? 1 - ty : ty);
      if (weight <= 0) continue;
      const wp = (j === 0 ? y0 : y1) + (i === 0 ? x0 : x1);
      let k = 0;
      while (k < count && copyOf[picks[k]!] !== copyOf[wp]) k++;
      if (k === count) {
        picks[count] = wp;
        weights[count++] = weight;
      } else {
        weights[k] = weights[k]! + weight;
      }
    }
  }
  if (count === 1) {
    const from = sourceIndex(step, picks[0]!, x, y);
    out.copyWithin(to, from, from + c);
    step.lineage[y * W + x] = chainOf(step.chains, copyOf[picks[0]!]!, step.lineage[from / c]!);
    return;
  }
  step.lineage[y * W + x] = MIXED_LINEAGE;
  let total = 0;
  for (let k = 0; k < count; k++) {
    sources[k] = sourceIndex(step, picks[k]!, x, y);
    total += weights[k]!;
  }
  if (c === 3) {
    mixRgb(out, to, step.mix, count, total);
    return;
  }
  for (let ch = 0; ch < c; ch++) {
    let mix = 0;
    for (let k = 0; k < count; k++) mix += weights[k]! * out[sources[k]! + ch]!;
    out[to + ch] = Math.round(mix / total);
  }
}

/** `mixPixel`'s mix of `count` sources for three channels, unrolled. */
function mixRgb(out: Uint8Array, to: number, mix: MixScratch, count: number, total: number): void {
  const { weights, sources } = mix;
  let r = 0;
  let g = 0;
  let b = 0;
  for (let k = 0; k < count; k++) {
    const weight = weights[k]!;
    const from = sources[k]!;
    r += weight * out[from]!;
    g += weight * out[from + 1]!;
    b += weight * out[from + 2]!;
  }
  out[to] = Math.round(r / total);
  out[to + 1] = Math.round(g / total);
  out[to + 2] = Math.round(b / total);
}

/**
 * For each canvas column of a step's ring (or row, by `axis`), the two working columns (rows)
 * around it, kept on its side of the known area, and the bilinear weight towards the second.
 */
function workingNeighbours(
  axis: 'x' | 'y',
  scale: number,
  known: Rect,
  next: Rect,
  workKnown: Rect,
  workNext: Rect,
): { first: Int32Array; second: Int32Array; toSecond: Float64Array } {
  const [from, to] = axis === 'x' ? [next.x0, next.x1] : [next.y0, next.y1];
  const [known0, known1] = axis === 'x' ? [known.x0, known.x1] : [known.y0, known.y1];
  const [workKnown0, workKnown1] =
    axis === 'x' ? [workKnown.x0, workKnown.x1] : [workKnown.y0, workKnown.y1];
  const [workNext0, workNext1] =
    axis === 'x' ? [workNext.x0, workNext.x1] : [workNext.y0, workNext.y1];
  const first = new Int32Array(to - from);
  const second = new Int32Array(to - from);
  const toSecond = new Float64Array(to - from);
  for (let v = from; v < to; v++) {
    const f = (v + 0.5) * scale - 0.5;
    const a = Math.floor(f);
    const lo = v < known0 ? workNext0 : v >= known1 ? workKnown1 : workKnown0;
    const hi = v < known0 ? workKnown0 - 1 : v >= known1 ? workNext1 - 1 : workKnown1 - 1;
    first[v - from] = clamp(a, lo, hi);
    second[v - from] = clamp(a + 1, lo, hi);
    toSecond[v - from] = f - a;
  }
  return { first, second, toSecond };
}

/** Where new pixel (x, y) copies from under working pixel wp's shift (index into `out`). */
function sourceIndex(step: StepRender, wp: number, x: number, y: number): number {
  const { known, copies } = step;
  const srcX = clamp(x + copies.dx[wp]!, known.x0, known.x1 - 1);
  const srcY = clamp(y + copies.dy[wp]!, known.y0, known.y1 - 1);
  return (srcY * step.W + srcX) * step.c;
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));
