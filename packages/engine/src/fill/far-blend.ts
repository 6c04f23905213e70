import { boxBlur } from './box-blur';
import type { Level } from './level';
import { clamp } from './nnf';
import type { CanvasPlacement, Raster } from './raster';

export interface FarBlendOptions {
  /** Up to this distance from the original (share of its shortest side) the patch texture stays whole. */
  sharpUntil: number;
  /** From this distance on, only the smooth background continuation (plus grain) remains. */
  calmFrom: number;
  /** Radius (share of the shortest side) of the defocus the patch texture passes through. */
  defocus: number;
  /** Grain strength: 1 gives the calm part the fine-detail energy of the original's edges. */
  grain: number;
}

/** Noise table sides: coprime, so the table never visibly repeats on the canvas. */
const NOISE_W = 257;
const NOISE_H = 263;

/** The patch result on the working area: the canvas cropped around the original at (x, y). */
export interface Patched extends CanvasPlacement {
  x: number;
  y: number;
  pixels: Uint8Array;
  /** The finest searched level: its voted canvas is a low-resolution copy of `pixels`. */
  level: Level;
}

/**
 * Far from the original, patch synthesis can only repeat blocks of the edge band, so with distance
 * the patch result passes through a defocus into the smooth background `field` (on `level`'s grid,
 * bilinearly upsampled) plus grain matched to the photo's fine detail: a calm, slightly defocused
 * continuation. Returns the whole canvas; the original is copied bit for bit.
 */
export function blendFar(
  original: Raster,
  placement: CanvasPlacement,
  patched: Patched,
  background: { level: Level; field: Float32Array },
  rng: () => number,
  options: FarBlendOptions,
): Uint8Array {
  const { width: W, height: H, offsetX: ox, offsetY: oy } = placement;
  const { width: w, height: h, channels: c } = original;
  const out = new Uint8Array(W * H * c);
  const shortest = Math.min(w, h);
  const d0 = options.sharpUntil * shortest;
  const d1 = Math.max(d0 + 1, options.calmFrom * shortest);
  const sigma = grainSigma(original, placement) * options.grain;
  const noise = new Float32Array(NOISE_W * NOISE_H);
  for (let k = 0; k < noise.length; k++) noise[k] = (rng() + rng() + rng() - 1.5) * 2 * sigma;
  const shiftX = Math.floor(rng() * NOISE_W);
  const shiftY = Math.floor(rng() * NOISE_H);
  const { level, field } = background;
  const PW = patched.width;
  const fieldX = gridAxis(W, ox, w / level.source.width, level.ox, level.W);
  const fieldY = gridAxis(H, oy, h / level.source.height, level.oy, level.H);
  const coarse = patched.level;
  const blurred = defocus(coarse, (options.defocus * shortest * coarse.source.width) / w);
  const blurX = gridAxis(PW, patched.offsetX, w / coarse.source.width, coarse.ox, coarse.W);
  const blurY = gridAxis(
    patched.height,
    patched.offsetY,
    h / coarse.source.height,
    coarse.oy,
    coarse.H,
  );
  // Per distance: the share of the defocused patch result and of the smooth field; the sharp
  // patch result keeps the rest. Sharp -> defocused over the first half, -> smooth after.
  const steps = Math.ceil(Math.hypot(W, H)) + 1;
  const toBlur = new Float32Array(steps);
  const toSmooth = new Float32Array(steps);
  for (let d = 0; d < steps; d++) {
    const t = clamp((d - d0) / (d1 - d0), 0, 1);
    const a = smoothstep(Math.min(1, t * 2));
    const b = smoothstep(Math.max(0, t * 2 - 1));
    toBlur[d] = a * (1 - b);
    toSmooth[d] = b;
  }
  const LW = level.W;
  const BW = blurred.width;
  const fieldRow = new Float32Array(LW * c);
  const blurRow = new Float32Array(BW * c);
  const pixels = patched.pixels;
  for (let y = 0; y < H; y++) {
    const dy = Math.max(oy - y, y - (oy + h - 1), 0);
    const py = y - patched.y;
    const inPatchedRows = py >= 0 && py < patched.height;
    lerpRows(field, fieldY.i0[y]! * LW * c, fieldY.i1[y]! * LW * c, fieldY.a[y]!, fieldRow);
    if (inPatchedRows) {
      const a = blurY.a[py]!;
      lerpRows(blurred.data, blurY.i0[py]! * BW * c, blurY.i1[py]! * BW * c, a, blurRow);
    }
    const noiseRow = ((y + shiftY) % NOISE_H) * NOISE_W;
    if (!inPatchedRows || dy >= d1) {
      smoothRow(out, y * W * c, fieldRow, fieldX, noise, noiseRow, shiftX, c);
      continue;
    }
    let noiseX = shiftX % NOISE_W;
    for (let x = 0; x < W; x++, noiseX = noiseX + 1 === NOISE_W ? 0 : noiseX + 1) {
      const o = (y * W + x) * c;
      const dx = Math.max(ox - x, x - (ox + w - 1), 0);
      const px = x - patched.x;
      const inPatched = inPatchedRows && px >= 0 && px < PW;
      const d2 = dx * dx + dy * dy;
      const p = (py * PW + px) * c;
      if (inPatched && d2 <= d0 * d0) {
        for (let ch = 0; ch < c; ch++) out[o + ch] = pixels[p + ch]!;
        continue;
      }
      const d = inPatched ? Math.min(steps - 1, Math.round(Math.sqrt(d2))) : steps - 1;
      const wSmooth = toSmooth[d]!;
      const wBlur = toBlur[d]!;
      const wSharp = 1 - wBlur - wSmooth;
      const grain = noise[noiseRow + noiseX]! * (1 - wSharp);
      const f0 = fieldX.i0[x]! * c;
      const f1 = fieldX.i1[x]! * c;
      const fa = fieldX.a[x]!;
      const b0 = inPatched ? blurX.i0[px]! * c : 0;
      const b1 = inPatched ? blurX.i1[px]! * c : 0;
      const ba = inPatched ? blurX.a[px]! : 0;
      for (let ch = 0; ch < c; ch++) {
        let v = (fieldRow[f0 + ch]! + (fieldRow[f1 + ch]! - fieldRow[f0 + ch]!) * fa) * wSmooth;
        if (wSharp > 0) v += pixels[p + ch]! * wSharp;
        if (wBlur > 0)
          v += (blurRow[b0 + ch]! + (blurRow[b1 + ch]! - blurRow[b0 + ch]!) * ba) * wBlur;
        if (ch < 3) v += grain;
        out[o + ch] = v < 0 ? 0 : v > 255 ? 255 : v + 0.5;
      }
    }
  }
  copyOriginal(out, original, placement);
  return out;
}

/** A row of the smooth field alone (bilinear along x) plus grain: most of a large extension. */
function smoothRow(
  out: Uint8Array,
  start: number,
  fieldRow: Float32Array,
  fieldX: ReturnType<typeof gridAxis>,
  noise: Float32Array,
  noiseRow: number,
  shiftX: number,
  c: number,
): void {
  const { i0, i1, a } = fieldX;
  let noiseX = shiftX % NOISE_W;
  for (let x = 0, o = start; x < i0.length; x++, o += c) {
    const f0 = i0[x]! * c;
    const f1 = i1[x]! * c;
    const fa = a[x]!;
    const grain = noise[noiseRow + noiseX]!;
    if (++noiseX === NOISE_W) noiseX = 0;
    for (let ch = 0; ch < c; ch++) {
      const v0 = fieldRow[f0 + ch]!;
      const v = v0 + (fieldRow[f1 + ch]! - v0) * fa + (ch < 3 ? grain : 0);
      out[o + ch] = v < 0 ? 0 : v > 255 ? 255 : v + 0.5;
    }
  }
}

/** `out` = row `from0` + (row `from1` - row `from0`) * `a`, over `out.length` values. */
function lerpRows(
  data: Float32Array,
  from0: number,
  from1: number,
  a: number,
  out: Float32Array,
): void {
  for (let k = 0; k < out.length; k++) {
    const v0 = data[from0 + k]!;
    out[k] = v0 + (data[from1 + k]! - v0) * a;
  }
}

function copyOriginal(out: Uint8Array, original: Raster, placement: CanvasPlacement): void {
  const { width: w, height: h, channels: c, data } = original;
  for (let y = 0; y < h; y++) {
    const to = ((y + placement.offsetY) * placement.width + placement.offsetX) * c;
    out.set(data.subarray(y * w * c, (y + 1) * w * c), to);
  }
}

/**
 * A soft, roughly Gaussian defocus (two box passes, `radius` in the level's px) of the level's
 * voted canvas: already a low-resolution copy of the patch result, so this costs next to nothing.
 */
function defocus(level: Level, radius: number): Raster<Float32Array> {
  const c = level.source.channels;
  const r = Math.max(1, Math.round(radius));
  const once = boxBlur(level.target, level.W, level.H, c, r);
  return {
    width: level.W,
    height: level.H,
    channels: c,
    data: boxBlur(once, level.W, level.H, c, r),
  };
}

function smoothstep(t: number): number {
  return t * t * (3 - 2 * t);
}

function gridAxis(size: number, offset: number, scale: number, levelOffset: number, n: number) {
  const i0 = new Int32Array(size);
  const i1 = new Int32Array(size);
  const a = new Float32Array(size);
  for (let v = 0; v < size; v++) {
    const f = clamp(levelOffset + (v - offset + 0.5) / scale - 0.5, 0, n - 1);
    i0[v] = Math.floor(f);
    i1[v] = Math.min(n - 1, i0[v]! + 1);
    a[v] = f - i0[v]!;
  }
  return { i0, i1, a };
}

/** Depth (px) of the edge strip where the photo's fine detail is measured. */
const NOISE_STRIP = 12;

/**
 * Grain sigma that gives iid noise the mean |4-neighbour Laplacian| of luma measured in a strip
 * along each extended edge (for noise that mean is sqrt(2/pi)*sqrt(20) = 3.57 sigma): the calm
 * part then keeps the photo's own fine-detail energy, as grain instead of copied blocks.
 */
function grainSigma(original: Raster, placement: CanvasPlacement): number {
  const { width: w, height: h, channels: c, data } = original;
  const luma = (x: number, y: number): number => {
    const i = (y * w + x) * c;
    return 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
  };
  let sum = 0;
  let n = 0;
  const sample = (x: number, y: number): void => {
    const around = luma(x - 1, y) + luma(x + 1, y) + luma(x, y - 1) + luma(x, y + 1);
    sum += Math.abs(4 * luma(x, y) - around);
    n++;
  };
  const strip = Math.min(NOISE_STRIP, Math.floor((Math.min(w, h) - 2) / 2));
  if (strip < 1) return 0;
  const { offsetX: ox, offsetY: oy } = placement;
  const step = Math.max(1, Math.floor(Math.max(w, h) / 1000));
  for (let s = 1; s <= strip; s++) {
    for (let x = 1; x < w - 1; x += step) {
      if (oy > 0) sample(x, s);
      if (oy + h < placement.height) sample(x, h - 1 - s);
    }
    for (let y = 1; y < h - 1; y += step) {
      if (ox > 0) sample(s, y);
      if (ox + w < placement.width) sample(w - 1 - s, y);
    }
  }
  return n ? sum / n / 3.57 : 0;
}
