import { boxBlur } from './box-blur';
import { addGrain, grainSigma, grainTable, NOISE_H, NOISE_W } from './grain';
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
  /** Share of that grain over the sharp patch result: its mixed seams soften a fine texture. */
  sharpGrain: number;
}

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
  // Clamped: stores round and clip to 0..255 by themselves.
  const out = new Uint8ClampedArray(W * H * c);
  const shortest = Math.min(w, h);
  const d0 = options.sharpUntil * shortest;
  const d1 = Math.max(d0 + 1, options.calmFrom * shortest);
  const noise = grainTable(grainSigma(original, placement) * options.grain, rng);
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
  const ctx: SpanContext = {
    out,
    c,
    W,
    ox,
    w,
    d0,
    steps,
    toBlur,
    toSmooth,
    noise,
    sharpGrain: options.sharpGrain,
    pixels: patched.pixels,
    patchedX: patched.x,
    PW,
    fieldRow: new Float32Array(level.W * c),
    fieldX,
    blurRow: new Float32Array(blurred.width * c),
    blurX,
  };
  const LW = level.W * c;
  const BW = blurred.width * c;
  for (let y = 0; y < H; y++) {
    const dy = Math.max(oy - y, y - (oy + h - 1), 0);
    const py = y - patched.y;
    const inPatchedRows = py >= 0 && py < patched.height;
    lerpRows(field, fieldY.i0[y]! * LW, fieldY.i1[y]! * LW, fieldY.a[y]!, ctx.fieldRow);
    const noiseRow = ((y + shiftY) % NOISE_H) * NOISE_W;
    if (!inPatchedRows || dy >= d1) {
      smoothRow(out, y * W * c, ctx.fieldRow, fieldX, noise, noiseRow, shiftX, c);
      continue;
    }
    const a = blurY.a[py]!;
    lerpRows(blurred.data, blurY.i0[py]! * BW, blurY.i1[py]! * BW, a, ctx.blurRow);
    if (dy > d0) {
      mixedSpan(ctx, y, py, dy, 0, W, noiseRow, shiftX);
      continue;
    }
    // Within d0 of the original: the patch result (and the original) as they are.
    const reach = Math.floor(Math.sqrt(d0 * d0 - dy * dy));
    const from = Math.max(patched.x, ox - reach);
    const to = Math.min(patched.x + PW, ox + w + reach);
    const p = (py * PW + from - patched.x) * c;
    out.set(patched.pixels.subarray(p, p + (to - from) * c), (y * W + from) * c);
    if (options.sharpGrain > 0) {
      const grainFrom = noiseRow + ((from + shiftX) % NOISE_W);
      addGrain(out, (y * W + from) * c, to - from, c, noise, grainFrom, options.sharpGrain);
    }
    mixedSpan(ctx, y, py, dy, 0, from, noiseRow, shiftX);
    mixedSpan(ctx, y, py, dy, to, W, noiseRow, shiftX);
  }
  copyOriginal(out, original, placement);
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}

interface SpanContext {
  out: Uint8ClampedArray;
  c: number;
  W: number;
  ox: number;
  w: number;
  d0: number;
  steps: number;
  toBlur: Float32Array;
  toSmooth: Float32Array;
  noise: Float32Array;
  sharpGrain: number;
  pixels: Uint8Array;
  patchedX: number;
  PW: number;
  /** The smooth field and the defocused patch result on this row, bilinear along y already. */
  fieldRow: Float32Array;
  fieldX: Axis;
  blurRow: Float32Array;
  blurX: Axis;
}

/** Pixels `from`..`to` of row `y`: sharp, defocused and smooth mixed by distance, plus grain. */
function mixedSpan(
  ctx: SpanContext,
  y: number,
  py: number,
  dy: number,
  from: number,
  to: number,
  noiseRow: number,
  shiftX: number,
): void {
  const { out, c, W, ox, w, steps, toBlur, toSmooth, noise, pixels, patchedX, PW } = ctx;
  const { fieldRow, fieldX, blurRow, blurX, sharpGrain } = ctx;
  let noiseX = (from + shiftX) % NOISE_W;
  for (let x = from; x < to; x++, noiseX = noiseX + 1 === NOISE_W ? 0 : noiseX + 1) {
    const o = (y * W + x) * c;
    const dx = Math.max(ox - x, x - (ox + w - 1), 0);
    const px = x - patchedX;
    const inPatched = px >= 0 && px < PW;
    const d = inPatched ? Math.min(steps - 1, Math.round(Math.sqrt(dx * dx + dy * dy))) : steps - 1;
    const wSmooth = toSmooth[d]!;
    const wBlur = toBlur[d]!;
    const wSharp = 1 - wBlur - wSmooth;
    const grain = noise[noiseRow + noiseX]! * (1 - wSharp * (1 - sharpGrain));
    const f0 = fieldX.i0[x]! * c;
    const f1 = fieldX.i1[x]! * c;
    const fa = fieldX.a[x]!;
    const p = (py * PW + px) * c;
    const b0 = inPatched ? blurX.i0[px]! * c : 0;
    const b1 = inPatched ? blurX.i1[px]! * c : 0;
    const ba = inPatched ? blurX.a[px]! : 0;
    for (let ch = 0; ch < c; ch++) {
      let v = (fieldRow[f0 + ch]! + (fieldRow[f1 + ch]! - fieldRow[f0 + ch]!) * fa) * wSmooth;
      if (wSharp > 0) v += pixels[p + ch]! * wSharp;
      if (wBlur > 0)
        v += (blurRow[b0 + ch]! + (blurRow[b1 + ch]! - blurRow[b0 + ch]!) * ba) * wBlur;
      if (ch < 3) v += grain;
      out[o + ch] = v;
    }
  }
}

/** A row of the smooth field alone (bilinear along x) plus grain: most of a large extension. */
function smoothRow(
  out: Uint8ClampedArray,
  start: number,
  fieldRow: Float32Array,
  fieldX: Axis,
  noise: Float32Array,
  noiseRow: number,
  shiftX: number,
  c: number,
): void {
  const { i0, i1, a } = fieldX;
  let n = noiseRow + (shiftX % NOISE_W);
  const rowEnd = noiseRow + NOISE_W;
  for (let x = 0, o = start; x < i0.length; x++, o += c) {
    const f0 = i0[x]! * c;
    const f1 = i1[x]! * c;
    const fa = a[x]!;
    const grain = noise[n]!;
    if (++n === rowEnd) n = noiseRow;
    out[o] = fieldRow[f0]! + (fieldRow[f1]! - fieldRow[f0]!) * fa + grain;
    out[o + 1] = fieldRow[f0 + 1]! + (fieldRow[f1 + 1]! - fieldRow[f0 + 1]!) * fa + grain;
    out[o + 2] = fieldRow[f0 + 2]! + (fieldRow[f1 + 2]! - fieldRow[f0 + 2]!) * fa + grain;
    if (c === 4) out[o + 3] = fieldRow[f0 + 3]! + (fieldRow[f1 + 3]! - fieldRow[f0 + 3]!) * fa;
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

function copyOriginal(out: Uint8ClampedArray, original: Raster, placement: CanvasPlacement): void {
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

interface Axis {
  i0: Int32Array;
  i1: Int32Array;
  a: Float32Array;
}

function gridAxis(
  size: number,
  offset: number,
  scale: number,
  levelOffset: number,
  n: number,
): Axis {
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
