import type { Rect } from './growth';

/** The working canvas as the stacking measure reads it (a plan's `work` is one). */
export interface StackingCanvas {
  width: number;
  height: number;
  channels: number;
  /** The canvas's pixels: the original inside `original`, the copies around it. */
  data: Float32Array;
  /** Per pixel, the index of the original's pixel it shows (-1 where unknown). */
  origin: Int32Array;
  originalWidth: number;
  originalHeight: number;
}

export interface StackingOptions {
  /**
   * A repeat counts when the same original pixel shows again within this share of the
   * original's size across the side (a period the eye reads as a stack, not a far copy).
   */
  lagShare: number;
  /** Repeats slid across the axis by up to this many working px count too (the copies' slides). */
  slideTolerance: number;
  /**
   * Colour difference (0..255, on 3x3 means) between an original pixel and the pixel one period
   * away in the original at which the repeat is fully visible: below it, the photo is already
   * that alike at that period (sky, fog, a regular texture), and repeating it shows nothing.
   */
  structureVisible: number;
}

/**
 * The stacking in a fill, with no ground truth: the share of the new pixels that show an original
 * pixel which shows again nearby along the axis they grow on, weighted by how unlike itself the
 * photo is at that period. Two neighbouring copies whose shifts differ by d repeat the photo with
 * period d; a copy from just inside the edge repeats the edge beside itself. Where the photo is
 * that alike at period d anyway the repeat is invisible; where it is not (a subject cut by the
 * frame, the struts of a balcony, the folds of a suit), the fill shows it twice, side by side.
 */
export function stackingShare(
  canvas: StackingCanvas,
  original: Rect,
  options: StackingOptions,
): number {
  const {
    width: W,
    height: H,
    channels: c,
    origin,
    originalWidth: ow,
    originalHeight: oh,
  } = canvas;
  const means = originalMeans(canvas, original);
  const across = repeatLags(canvas, true, Math.round(options.lagShare * ow), options);
  const along = repeatLags(canvas, false, Math.round(options.lagShare * oh), options);
  let sum = 0;
  let count = 0;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      const o = origin[p]!;
      const growsX = x < original.x0 || x >= original.x1;
      const growsY = y < original.y0 || y >= original.y1;
      if (o < 0 || (!growsX && !growsY)) continue;
      count++;
      let worst = 0;
      if (growsX && across[p]! > 0)
        worst = structureAt(means, ow, oh, c, o, across[p]!, 0, options);
      if (growsY && along[p]! > 0)
        worst = Math.max(worst, structureAt(means, ow, oh, c, o, 0, along[p]!, options));
      sum += worst;
    }
  }
  return count > 0 ? sum / count : 0;
}

/**
 * Per canvas pixel, the distance (1..maxLag) along rows (`horizontal`) or columns to the
 * nearest pixel that shows the same original pixel, or one slid across the axis by up to the
 * tolerance; 0 without one. One pass each way along every row or column, remembering where
 * each original pixel was last seen.
 */
function repeatLags(
  canvas: StackingCanvas,
  horizontal: boolean,
  maxLag: number,
  options: StackingOptions,
): Int32Array {
  const { width: W, height: H, origin, originalWidth: ow, originalHeight: oh } = canvas;
  const lanes = horizontal ? H : W;
  const length = horizontal ? W : H;
  /** Across the axis, one original pixel to the next: a row for rows, a column for columns. */
  const slide = horizontal ? ow : 1;
  const lags = new Int32Array(W * H);
  const seenAt = new Int32Array(ow * oh);
  const seenIn = new Int32Array(ow * oh).fill(-1);
  let pass = 0;
  for (let lane = 0; lane < lanes; lane++) {
    for (let turn = 0; turn < 2; turn++) {
      const forward = turn === 0;
      pass++;
      for (let k = 0; k < length; k++) {
        const i = forward ? k : length - 1 - k;
        const p = horizontal ? lane * W + i : i * W + lane;
        const o = origin[p]!;
        if (o < 0) continue;
        const across = horizontal ? (o - (o % ow)) / ow : o % ow;
        const span = horizontal ? oh : ow;
        for (let t = -options.slideTolerance; t <= options.slideTolerance; t++) {
          if (across + t < 0 || across + t >= span) continue;
          const r = o + t * slide;
          if (seenIn[r] !== pass) continue;
          const lag = Math.abs(i - seenAt[r]!);
          if (lag <= maxLag && (lags[p] === 0 || lag < lags[p]!)) lags[p] = lag;
        }
        seenAt[o] = i;
        seenIn[o] = pass;
      }
    }
  }
  return lags;
}

/**
 * How visible a repeat of original pixel o at period (dx, dy) is (0..1): the squared difference
 * of the original's 3x3 means at o and one period away inside the original (the nearer side of
 * the two), against `structureVisible`.
 */
function structureAt(
  means: Float32Array,
  ow: number,
  oh: number,
  c: number,
  o: number,
  dx: number,
  dy: number,
  options: StackingOptions,
): number {
  const ox = o % ow;
  const oy = (o - ox) / ow;
  let best = Infinity;
  for (let sign = -1; sign <= 1; sign += 2) {
    const qx = ox + sign * dx;
    const qy = oy + sign * dy;
    if (qx < 0 || qy < 0 || qx >= ow || qy >= oh) continue;
    const q = qy * ow + qx;
    let diff = 0;
    for (let ch = 0; ch < c; ch++) diff += (means[o * c + ch]! - means[q * c + ch]!) ** 2;
    best = Math.min(best, diff);
  }
  if (best === Infinity) return 0;
  const visible = c * options.structureVisible ** 2;
  return best / (best + visible);
}

/** The original's pixels (read from the canvas inside `original`) averaged over 3x3. */
function originalMeans(canvas: StackingCanvas, original: Rect): Float32Array {
  const { width: W, channels: c, data, originalWidth: ow, originalHeight: oh } = canvas;
  const out = new Float32Array(ow * oh * c);
  const sum = new Float64Array(c);
  for (let y = 0; y < oh; y++) {
    for (let x = 0; x < ow; x++) {
      sum.fill(0);
      let n = 0;
      for (let v = Math.max(0, y - 1); v <= Math.min(oh - 1, y + 1); v++) {
        for (let u = Math.max(0, x - 1); u <= Math.min(ow - 1, x + 1); u++) {
          const at = ((original.y0 + v) * W + original.x0 + u) * c;
          for (let ch = 0; ch < c; ch++) sum[ch] = sum[ch]! + data[at + ch]!;
          n++;
        }
      }
      for (let ch = 0; ch < c; ch++) out[(y * ow + x) * c + ch] = sum[ch]! / n;
    }
  }
  return out;
}
