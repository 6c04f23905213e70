import type { Raster } from './raster';
import { resizeArea } from './raster';

/** Noise table sides: coprime, so the table never visibly repeats on the canvas. */
export const NOISE_W = 257;
export const NOISE_H = 263;

/**
 * Mean |4-neighbour Laplacian| of iid noise per unit sigma: sqrt(2/pi) * sqrt(20). Noise of
 * sigma = energy / this has the given detail energy.
 */
export const LAPLACIAN_PER_SIGMA = 3.57;

/** A seeded table of roughly Gaussian grain (sum of three uniforms) with unit spread. */
export function noiseTable(rng: () => number): Float32Array {
  const noise = new Float32Array(NOISE_W * NOISE_H);
  for (let k = 0; k < noise.length; k++) noise[k] = (rng() + rng() + rng() - 1.5) * 2;
  return noise;
}

/**
 * The original's fine-detail energy (mean |4-neighbour Laplacian| of luma at full resolution),
 * averaged down to `width` x `height`: how much texture each part of the photo has.
 */
export function detailEnergy(
  original: Raster,
  width: number,
  height: number,
): Raster<Float32Array> {
  const { width: w, height: h, channels: c, data } = original;
  const luma = new Float32Array(w * h);
  for (let p = 0; p < w * h; p++) {
    const i = p * c;
    luma[p] = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
  }
  const energy = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const up = Math.max(0, y - 1) * w;
    const down = Math.min(h - 1, y + 1) * w;
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const around =
        luma[row + Math.max(0, x - 1)]! +
        luma[row + Math.min(w - 1, x + 1)]! +
        luma[up + x]! +
        luma[down + x]!;
      energy[row + x] = Math.abs(4 * luma[row + x]! - around);
    }
  }
  return resizeArea({ width: w, height: h, channels: 1, data: energy }, width, height);
}
