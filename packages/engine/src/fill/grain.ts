import type { CanvasPlacement, Raster } from './raster';

/** Noise table sides: coprime, so the table never visibly repeats on the canvas. */
export const NOISE_W = 257;
export const NOISE_H = 263;

/** A seeded table of roughly Gaussian grain (sum of three uniforms) with spread `sigma`. */
export function grainTable(sigma: number, rng: () => number): Float32Array {
  const noise = new Float32Array(NOISE_W * NOISE_H);
  for (let k = 0; k < noise.length; k++) noise[k] = (rng() + rng() + rng() - 1.5) * 2 * sigma;
  return noise;
}

/** Depth (px) of the edge strip where the photo's fine detail is measured. */
const NOISE_STRIP = 12;

/**
 * Grain sigma that gives iid noise the mean |4-neighbour Laplacian| of luma measured in a strip
 * along each extended edge (for noise that mean is sqrt(2/pi)*sqrt(20) = 3.57 sigma): the calm
 * part then keeps the photo's own fine-detail energy, as grain instead of copied blocks.
 */
export function grainSigma(original: Raster, placement: CanvasPlacement): number {
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

/**
 * Adds `share` of the grain to `count` pixels of `out` from index `start`, as they are; the grain
 * runs along one table row from `noiseAt`, wrapping at the row's end.
 */
export function addGrain(
  out: Uint8ClampedArray,
  start: number,
  count: number,
  c: number,
  noise: Float32Array,
  noiseAt: number,
  share: number,
): void {
  const rowStart = noiseAt - (noiseAt % NOISE_W);
  const rowEnd = rowStart + NOISE_W;
  let n = noiseAt;
  for (let k = 0, o = start; k < count; k++, o += c) {
    const grain = noise[n]! * share;
    if (++n === rowEnd) n = rowStart;
    out[o] = out[o]! + grain;
    out[o + 1] = out[o + 1]! + grain;
    out[o + 2] = out[o + 2]! + grain;
  }
}
