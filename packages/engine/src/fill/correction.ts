/**
 * After the copies are made (README.md, stages 9 and 10): the blend's working-scale correction
 * added at full resolution, and the border beside the original feathered.
 */
import type { Rect } from './growth';
import type { LineageChains } from './lineage';
import type { Raster } from './raster';

/**
 * The blend's correction at the working scale (`channels` values per working pixel) and which
 * working pixels it was solved on (the copies; the original's are not).
 */
export interface WorkingCorrection {
  values: Float32Array;
  solved: Uint8Array;
  width: number;
  height: number;
}

/**
 * What the render made sharp at full size, so the correction must be too: the growth steps' rings
 * (the render never mixes copies across a ring's edge), and the lineages (lineage.ts) of the
 * canvas's and the working canvas's pixels beside each working pixel's copy (one copy carrying
 * on a seam an earlier step made).
 */
export interface CorrectionLineage {
  steps: Rect[];
  workSteps: Rect[];
  canvas: Int32Array;
  working: Int32Array;
  copyOf: Int32Array;
  chains: LineageChains;
}

/**
 * Adds the working-scale correction, bilinearly upsampled, to every new pixel of `canvas` (the
 * original lies in `original`). The original's working pixels take the mean correction of the
 * copies beside them first: interpolating to their zero would pull a new pixel next to the
 * original halfway back, leaving half of each colour step standing as a thin line along the
 * original's border. Beside a sharp seam, where two rings meet or a copy carries on an earlier
 * step's seam, a new pixel leaves out the working pixels on the seam's other side (`lineage`):
 * interpolated across it, the correction would ramp where the colour steps, leaving a thin line
 * of the step standing.
 */
export function addCorrection(
  canvas: Raster,
  original: Rect,
  correction: WorkingCorrection,
  lineage: CorrectionLineage,
): void {
  const { width: W, height: H, channels: c } = canvas;
  const { values, width: Ww, height: Hw } = correction;
  extendIntoOriginal(correction, c);
  const sharp = sharpSeamBlocks(lineage, Ww, Hw);
  // Where each canvas column falls between two working columns, once for every row.
  const columns: CorrectionColumns = {
    left: new Int32Array(W),
    right: new Int32Array(W),
    toLeft: new Float64Array(W),
    toRight: new Float64Array(W),
  };
  for (let x = 0; x < W; x++) {
    const fx = clamp(((x + 0.5) * Ww) / W - 0.5, 0, Ww - 1);
    columns.left[x] = Math.floor(fx) * c;
    columns.right[x] = Math.min(Ww - 1, Math.floor(fx) + 1) * c;
    // As a Float32 weight, so the row's sums round as they always have.
    columns.toRight[x] = Math.fround(fx - Math.floor(fx));
    columns.toLeft[x] = 1 - columns.toRight[x]!;
  }
  const span: CorrectedRow = {
    out: canvas.data,
    rowStart: 0,
    c,
    row: new Float32Array(Ww * c),
    columns,
    sharp: undefined,
  };
  const { row } = span;
  let rowAt = -1;
  for (let y = 0; y < H; y++) {
    const fy = clamp(((y + 0.5) * Hw) / H - 0.5, 0, Hw - 1);
    const workRow = Math.floor(fy);
    span.sharp = sharp?.rows[workRow]
      ? {
          lineage,
          blocks: sharp.blocks,
          stepOf: sharp.stepOf,
          values,
          y,
          y0: workRow,
          y1: Math.min(Hw - 1, workRow + 1),
          ty: fy - workRow,
          Ww,
        }
      : undefined;
    if (fy !== rowAt) {
      const y0 = Math.floor(fy) * Ww * c;
      const y1 = Math.min(Hw - 1, Math.floor(fy) + 1) * Ww * c;
      const ty = fy - Math.floor(fy);
      for (let i = 0; i < Ww * c; i++) {
        row[i] = values[y0 + i]! * (1 - ty) + values[y1 + i]! * ty;
      }
      rowAt = fy;
    }
    span.rowStart = y * W;
    if (y >= original.y0 && y < original.y1) {
      correctSpan(span, 0, original.x0);
      correctSpan(span, original.x1, W);
    } else {
      correctSpan(span, 0, W);
    }
  }
}

/** Per canvas column, its two working columns' offsets into a row and their weights. */
interface CorrectionColumns {
  left: Int32Array;
  right: Int32Array;
  toLeft: Float64Array;
  toRight: Float64Array;
}

/** One canvas row being corrected: its first pixel in `out`, and its interpolated correction. */
interface CorrectedRow {
  out: Uint8Array;
  rowStart: number;
  c: number;
  row: Float32Array;
  columns: CorrectionColumns;
  /** Set on a row whose working pixels hold a sharp seam. */
  sharp: SharpSeamRow | undefined;
}

/** A canvas row beside a sharp seam: its two working rows and what restricts them. */
interface SharpSeamRow {
  lineage: CorrectionLineage;
  /** Per working pixel, whether the 2x2 block from it holds a sharp seam. */
  blocks: Uint8Array;
  /** Per working pixel, the growth step that made it (0 on the original). */
  stepOf: Uint8Array;
  values: Float32Array;
  /** The canvas row, and its two working rows. */
  y: number;
  y0: number;
  y1: number;
  ty: number;
  Ww: number;
}

/** Adds the row's interpolated correction to its canvas pixels `from` to `to` (exclusive). */
function correctSpan(span: CorrectedRow, from: number, to: number): void {
  const { out, rowStart, c, row } = span;
  if (span.sharp) {
    correctBesideSharpSeams(span, span.sharp, from, to);
    return;
  }
  if (c === 3) {
    correctSpanRgb(span, from, to);
    return;
  }
  const { left, right, toLeft, toRight } = span.columns;
  for (let x = from; x < to; x++) {
    const o = (rowStart + x) * c;
    for (let ch = 0; ch < c; ch++) {
      const a = row[left[x]! + ch]!;
      const b = row[right[x]! + ch]!;
      out[o + ch] = correctedByte(out[o + ch]!, a, b, toLeft[x]!, toRight[x]!);
    }
  }
}

/** `correctSpan` for three channels, unrolled (about twice as fast). */
function correctSpanRgb(span: CorrectedRow, from: number, to: number): void {
  const { out, rowStart, row } = span;
  const { left, right, toLeft, toRight } = span.columns;
  for (let x = from; x < to; x++) {
    const o = (rowStart + x) * 3;
    const a = left[x]!;
    const b = right[x]!;
    const sa = toLeft[x]!;
    const sb = toRight[x]!;
    out[o] = correctedByte(out[o]!, row[a]!, row[b]!, sa, sb);
    out[o + 1] = correctedByte(out[o + 1]!, row[a + 1]!, row[b + 1]!, sa, sb);
    out[o + 2] = correctedByte(out[o + 2]!, row[a + 2]!, row[b + 2]!, sa, sb);
  }
}

/**
 * `correctSpan` on a row beside a sharp seam: a pixel whose working block holds one leaves out
 * the new working pixels of another growth step, and those of its own copy but another lineage;
 * every other pixel is corrected as `correctSpan` corrects it.
 */
function correctBesideSharpSeams(
  span: CorrectedRow,
  seams: SharpSeamRow,
  from: number,
  to: number,
) {
  const { out, rowStart, c, row } = span;
  const { left, right, toLeft, toRight } = span.columns;
  const { blocks, values, y0, y1, ty, Ww } = seams;
  const pixels = new Int32Array(4);
  const weights = new Float64Array(4);
  for (let x = from; x < to; x++) {
    const o = (rowStart + x) * c;
    const x0 = left[x]! / c;
    const x1 = right[x]! / c;
    let total = 0;
    if (blocks[y0 * Ww + x0]) {
      pixels[0] = y0 * Ww + x0;
      pixels[1] = y0 * Ww + x1;
      pixels[2] = y1 * Ww + x0;
      pixels[3] = y1 * Ww + x1;
      weights[0] = toLeft[x]! * (1 - ty);
      weights[1] = toRight[x]! * (1 - ty);
      weights[2] = toLeft[x]! * ty;
      weights[3] = toRight[x]! * ty;
      total = keepOwnSide(seams, x, rowStart + x, pixels, weights);
    }
    for (let ch = 0; ch < c; ch++) {
      if (total > 0) {
        let sum = 0;
        for (let k = 0; k < 4; k++) sum += weights[k]! * values[pixels[k]! * c + ch]!;
        out[o + ch] = correctedByte(out[o + ch]!, sum / total, 0, 1, 0);
      } else {
        const a = row[left[x]! + ch]!;
        const b = row[right[x]! + ch]!;
        out[o + ch] = correctedByte(out[o + ch]!, a, b, toLeft[x]!, toRight[x]!);
      }
    }
  }
}

/**
 * Zeroes the weights of canvas pixel (x, row's y) = `at`'s working pixels that lie across a sharp
 * seam from it (new pixels of another growth step, or of its own copy but another lineage), and
 * returns the weight left.
 */
function keepOwnSide(
  seams: SharpSeamRow,
  x: number,
  at: number,
  pixels: Int32Array,
  weights: Float64Array,
): number {
  const { lineage, stepOf } = seams;
  const own = lineage.canvas[at]!;
  const copy = own >= 0 ? lineage.chains.copyOf[own]! : -1;
  const step = stepAt(lineage.steps, x, seams.y);
  let total = 0;
  for (let k = 0; k < 4; k++) {
    const p = pixels[k]!;
    const otherStep = stepOf[p]! > 0 && stepOf[p] !== step;
    const otherLineage = copy >= 0 && lineage.copyOf[p] === copy && lineage.working[p] !== own;
    if (otherStep || otherLineage) weights[k] = 0;
    total += weights[k]!;
  }
  return total;
}

/** The growth step whose ring holds canvas pixel (x, y) (0 on the original). */
function stepAt(steps: Rect[], x: number, y: number): number {
  for (let k = 0; k < steps.length; k++) {
    const r = steps[k]!;
    if (x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1) return k;
  }
  return steps.length - 1;
}

/**
 * Per working pixel, whether the 2x2 block from it (right and down) holds a sharp seam: two new
 * pixels of different growth steps, or of one copy but different lineages (a seam an earlier step
 * made, carried on by that copy). Undefined when there is none (every fill of one growth step),
 * with the working rows that hold one and each working pixel's step.
 */
function sharpSeamBlocks(
  lineage: CorrectionLineage,
  Ww: number,
  Hw: number,
): { blocks: Uint8Array; rows: Uint8Array; stepOf: Uint8Array } | undefined {
  const { working, copyOf } = lineage;
  const stepOf = new Uint8Array(Ww * Hw);
  for (let y = 0; y < Hw; y++) {
    for (let x = 0; x < Ww; x++) stepOf[y * Ww + x] = stepAt(lineage.workSteps, x, y);
  }
  const blocks = new Uint8Array(Ww * Hw);
  const rows = new Uint8Array(Hw);
  const sharp = (a: number, b: number): boolean =>
    copyOf[a]! >= 0 &&
    copyOf[b]! >= 0 &&
    (stepOf[a] !== stepOf[b] || (copyOf[a] === copyOf[b] && working[a] !== working[b]));
  let any = false;
  for (let y = 0; y < Hw; y++) {
    for (let x = 0; x < Ww; x++) {
      const p = y * Ww + x;
      const right = x + 1 < Ww ? p + 1 : p;
      const down = y + 1 < Hw ? p + Ww : p;
      const diagonal = down + (right - p);
      const seam =
        sharp(p, right) ||
        sharp(p, down) ||
        sharp(p, diagonal) ||
        sharp(right, down) ||
        sharp(right, diagonal) ||
        sharp(down, diagonal);
      if (seam) {
        blocks[p] = 1;
        rows[y] = 1;
        any = true;
      }
    }
  }
  return any ? { blocks, rows, stepOf } : undefined;
}

/** A channel plus its correction mixed from two working columns, rounded into 0..255. */
function correctedByte(value: number, a: number, b: number, sa: number, sb: number): number {
  const sum = Math.round(value + a * sa + b * sb);
  return sum < 0 ? 0 : sum > 255 ? 255 : sum;
}

/** Gives each unsolved working pixel beside solved ones (8-neighbours) their mean correction. */
function extendIntoOriginal(correction: WorkingCorrection, c: number): void {
  const { values, solved, width: Ww, height: Hw } = correction;
  // Only unsolved pixels change and only solved ones are read: no copy of the input is needed.
  for (let y = 0; y < Hw; y++) {
    for (let x = 0; x < Ww; x++) {
      const p = y * Ww + x;
      if (solved[p]) continue;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const qx = x + dx;
          const qy = y + dy;
          if (qx < 0 || qy < 0 || qx >= Ww || qy >= Hw || !solved[qy * Ww + qx]) continue;
          const q = qy * Ww + qx;
          for (let ch = 0; ch < c; ch++) values[p * c + ch]! += values[q * c + ch]!;
          n++;
        }
      }
      for (let ch = 0; ch < c; ch++) values[p * c + ch] = n ? values[p * c + ch]! / n : 0;
    }
  }
}

/**
 * Fades the new pixels within `width` px of the original from its reflection across the border
 * (at the border) to the copies (at `width`): a copy's first pixels never quite meet the
 * original's last, and even a step of a few grey levels shows as a thin line along the border.
 */
export function featherBorder(canvas: Raster, original: Rect, width: number): void {
  const { data: out, width: W, height: H, channels: c } = canvas;
  const { x0, y0, x1, y1 } = original;
  const xEnd = Math.min(W, x1 + width);
  for (let y = Math.max(0, y0 - width); y < Math.min(H, y1 + width); y++) {
    const besideOriginal = y >= y0 && y < y1;
    for (let x = Math.max(0, x0 - width); x < xEnd; x++) {
      if (besideOriginal && x === x0) x = x1;
      if (x >= xEnd) break;
      const distance = Math.max(x0 - x, x - x1 + 1, y0 - y, y - y1 + 1);
      if (distance <= 0) continue;
      const mirror = 1 - distance / (width + 1);
      const from = (reflect(y, y0, y1) * W + reflect(x, x0, x1)) * c;
      const to = (y * W + x) * c;
      for (let ch = 0; ch < c; ch++) {
        out[to + ch] = Math.round(out[from + ch]! * mirror + out[to + ch]! * (1 - mirror));
      }
    }
  }
}

/**
 * v reflected into lo..hi - 1 about the border pixel itself, so the border's own column is not
 * doubled into a smear.
 */
function reflect(v: number, lo: number, hi: number): number {
  return v < lo ? Math.min(hi - 1, 2 * lo - v) : v >= hi ? Math.max(lo, 2 * (hi - 1) - v) : v;
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));
