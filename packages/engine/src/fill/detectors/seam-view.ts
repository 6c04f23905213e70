import { resizeArea } from '../raster';

/**
 * What the detectors read: the result as it shows (after the copies, the blend and the feather),
 * scaled to the labelling's working canvas, and which copy each working pixel took. Every visible
 * failure the detectors look for lies where two copies meet, or a copy meets the original.
 */
export interface SeamView {
  width: number;
  height: number;
  /** Luma (0..255) of the rendered result, area-averaged onto the working canvas. */
  luma: Float32Array;
  /** Per working pixel, the copy it shows (one id per shift), negative on the original. */
  label: Int32Array;
}

export interface SeamOptions {
  /** A seam counts as straight from this many working px in one line. */
  minRun: number;
  /** Straight seams are judged in pieces of this many working px (a step can change sign). */
  window: number;
  /** Luma step (0..255) across a seam, on smooth ground, at which it is fully visible. */
  stepVisible: number;
  /** How much the ground's own texture (mean luma step between neighbours) hides a step. */
  textureHides: number;
  /** Difference in texture across a seam at which a box of one texture in another shows. */
  textureVisible: number;
}

/** Whether working pixels p and q meet at a seam: different copies, or a copy and the original. */
export function isSeam(label: Int32Array, p: number, q: number): boolean {
  const a = label[p]!;
  const b = label[q]!;
  return a !== b && (a >= 0 || b >= 0);
}

/** How many new (copied) pixels the view holds, at least 1. */
export function newCount(view: SeamView): number {
  let n = 0;
  for (let p = 0; p < view.label.length; p++) if (view.label[p]! >= 0) n++;
  return Math.max(1, n);
}

/** Mean absolute luma step from pixel (x, y) to its in-bounds 4-neighbours: its texture. */
export function textureAt(view: SeamView, x: number, y: number): number {
  const { width: W, height: H, luma } = view;
  const p = y * W + x;
  const v = luma[p]!;
  let sum = 0;
  let n = 0;
  if (x > 0) {
    sum += Math.abs(v - luma[p - 1]!);
    n++;
  }
  if (x < W - 1) {
    sum += Math.abs(v - luma[p + 1]!);
    n++;
  }
  if (y > 0) {
    sum += Math.abs(v - luma[p - W]!);
    n++;
  }
  if (y < H - 1) {
    sum += Math.abs(v - luma[p + W]!);
    n++;
  }
  return n > 0 ? sum / n : 0;
}

/**
 * One piece of a straight seam: `length` seam pairs in one lane, with how visible it is as a
 * colour step (the mean signed step across it, against the ground's texture) and as a change
 * of texture, each 0..1.
 */
export interface SeamPiece {
  vertical: boolean;
  /** The lane: the seam lies between column (row) `lane` and `lane + 1`. */
  lane: number;
  /** First and last pixel along the lane (rows for a vertical seam, columns otherwise). */
  from: number;
  to: number;
  length: number;
  step: number;
  texture: number;
}

/**
 * Every straight seam of `minRun` working px or more, in pieces of `window` px (the last piece
 * of a run takes the remainder when it is at least half a window, else joins the one before).
 * A piece's step is the mean, along it, of the 2-px mean beyond the seam less the 2-px mean
 * before it: a sky copied from two heights steps by a few levels the same way all along, which
 * shows as a line, while texture steps both ways and averages out.
 */
export function straightSeams(view: SeamView, options: SeamOptions): SeamPiece[] {
  const { width: W, height: H, label } = view;
  const pieces: SeamPiece[] = [];
  for (let turn = 0; turn < 2; turn++) {
    const vertical = turn === 0;
    const lanes = vertical ? W - 1 : H - 1;
    const length = vertical ? H : W;
    for (let lane = 0; lane < lanes; lane++) {
      let start = -1;
      for (let i = 0; i <= length; i++) {
        const p = vertical ? i * W + lane : lane * W + i;
        const q = vertical ? p + 1 : p + W;
        const seam = i < length && isSeam(label, p, q);
        if (seam && start < 0) start = i;
        if (seam || start < 0) continue;
        if (i - start >= options.minRun)
          pieces.push(...cut(view, vertical, lane, start, i, options));
        start = -1;
      }
    }
  }
  return pieces;
}

function cut(
  view: SeamView,
  vertical: boolean,
  lane: number,
  start: number,
  end: number,
  options: SeamOptions,
): SeamPiece[] {
  const out: SeamPiece[] = [];
  const w = options.window;
  let from = start;
  while (from < end) {
    let to = Math.min(end, from + w);
    if (end - to < w / 2) to = end;
    out.push(piece(view, vertical, lane, from, to - 1, options));
    from = to;
  }
  return out;
}

function piece(
  view: SeamView,
  vertical: boolean,
  lane: number,
  from: number,
  to: number,
  options: SeamOptions,
): SeamPiece {
  const { width: W, height: H, luma } = view;
  const across = vertical ? W : H;
  const at = (a: number, i: number): number => {
    const c = Math.min(across - 1, Math.max(0, a));
    return vertical ? luma[i * W + c]! : luma[c * W + i]!;
  };
  const tex = (a: number, i: number): number => {
    const c = Math.min(across - 1, Math.max(0, a));
    return vertical ? textureAt(view, c, i) : textureAt(view, i, c);
  };
  let step = 0;
  let ground = 0;
  let before = 0;
  let beyond = 0;
  for (let i = from; i <= to; i++) {
    step += (at(lane + 1, i) + at(lane + 2, i) - at(lane, i) - at(lane - 1, i)) / 2;
    const t0 = tex(lane - 1, i);
    const t1 = tex(lane + 2, i);
    ground += (t0 + t1) / 2;
    before += t0;
    beyond += t1;
  }
  const n = to - from + 1;
  const meanStep = Math.abs(step) / n;
  const meanGround = ground / n;
  const textureStep = Math.abs(before - beyond) / n;
  return {
    vertical,
    lane,
    from,
    to,
    length: n,
    step: Math.min(1, meanStep / (options.stepVisible + options.textureHides * meanGround)),
    texture: Math.min(1, textureStep / options.textureVisible),
  };
}

/**
 * The view of a rendered canvas (`pixels`, `width` x `height`, `channels` per pixel) on a
 * labelling's working canvas: the pixels area-averaged to its size (or read as they are, when
 * they are the working canvas), as luma.
 */
export function seamView(
  pixels: Uint8Array | Float32Array,
  width: number,
  height: number,
  channels: number,
  labels: { width: number; height: number; copyOf: Int32Array },
): SeamView {
  const raster =
    pixels instanceof Uint8Array
      ? { width, height, channels, data: pixels }
      : { width, height, channels, data: pixels };
  const small =
    width === labels.width && height === labels.height
      ? { data: pixels }
      : resizeArea(raster, labels.width, labels.height);
  const luma = new Float32Array(labels.width * labels.height);
  const d = small.data;
  for (let p = 0; p < luma.length; p++) {
    const at = p * channels;
    luma[p] = channels >= 3 ? 0.299 * d[at]! + 0.587 * d[at + 1]! + 0.114 * d[at + 2]! : d[at]!;
  }
  return { width: labels.width, height: labels.height, luma, label: labels.copyOf };
}
