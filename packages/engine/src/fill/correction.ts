/**
 * After the copies are made (README.md, stages 9 and 10): the blend's working-scale correction
 * added at full resolution, and the border beside the original feathered.
 */
import type { Rect } from './growth';
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
 * Adds the working-scale correction, bilinearly upsampled, to every new pixel of `canvas` (the
 * original lies in `original`). The original's working pixels take the mean correction of the
 * copies beside them first: interpolating to their zero would pull a new pixel next to the
 * original halfway back, leaving half of each colour step standing as a thin line along the
 * original's border.
 */
export function addCorrection(canvas: Raster, original: Rect, correction: WorkingCorrection): void {
  const { width: W, height: H, channels: c } = canvas;
  const { values, width: Ww, height: Hw } = correction;
  extendIntoOriginal(correction, c);
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
  };
  const { row } = span;
  let rowAt = -1;
  for (let y = 0; y < H; y++) {
    const fy = clamp(((y + 0.5) * Hw) / H - 0.5, 0, Hw - 1);
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
}

/** Adds the row's interpolated correction to its canvas pixels `from` to `to` (exclusive). */
function correctSpan(span: CorrectedRow, from: number, to: number): void {
  const { out, rowStart, c, row } = span;
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
