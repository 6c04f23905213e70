import type { Raster } from './raster';
import { meanChannel } from './raster';
import { connectedRegions } from './region-rarity';

export interface FocusOptions {
  /** Sharpness is averaged over this many cells each way around a cell (2: 5 x 5 cells). */
  reach: number;
  /** A photo is focused on a part when its median cell is under this share of its sharpest... */
  focusedBelow: number;
  /** ...and its sharp cells, at least this share of the sharpest, make its subject... */
  sharpFrom: number;
  /** ...when their largest connected part holds at least this share of them. */
  holds: number;
  /** The subject is widened by this share of the map's shorter side: the room around it. */
  near: number;
  /** A cell this share of the sharpest, or sharper, counts fully; a softer one in proportion. */
  countsFrom: number;
}

export const DEFAULT_FOCUS_OPTIONS: FocusOptions = {
  reach: 2,
  focusedBelow: 0.1, // a photo sharp throughout (a landscape, gravel) has its median near its peak
  sharpFrom: 0.5,
  holds: 0.8, // snow strewn over a slope under a flat sky is texture, not a subject
  near: 0.1, // as trim-sides' `near`
  countsFrom: 0.15, // a blurred passer-by in the bokeh behind a bird is not what the photo is of
};

/** On a map of `width` x `height` cells: the subject's cells (1) and how much each cell counts. */
export interface FocusedSubject {
  subject: Uint8Array;
  weight: Float32Array;
}

/**
 * The subject of a photo focused on a part (issue 38): in a photo that is soft except for one
 * part, the sharp part is the subject, whatever its colour (a brown bird on a brown trunk, a red
 * motorcycle in a red garage, which region and colour rarity do not see). Sharpness is the mean
 * |Laplacian| of the preview per cell of a `width` x `height` map. Undefined for a photo sharp
 * throughout; `subject` is empty when the sharp cells are scattered rather than one part.
 */
export function focusedSubject(
  preview: Raster<Float32Array>,
  width: number,
  height: number,
  options: FocusOptions = DEFAULT_FOCUS_OPTIONS,
): FocusedSubject | undefined {
  const sharpness = boxMean(laplacianPerCell(preview, width, height), width, height, options.reach);
  let peak = 0;
  for (const s of sharpness) peak = Math.max(peak, s);
  const sorted = Float32Array.from(sharpness).sort();
  const median = sorted[sorted.length >> 1] ?? 0;
  if (peak <= 0 || median >= options.focusedBelow * peak) return undefined;
  const weight = new Float32Array(sharpness.length);
  for (let p = 0; p < weight.length; p++) {
    weight[p] = Math.min(1, sharpness[p]! / (options.countsFrom * peak));
  }
  const sharp = Int32Array.from(sharpness, (s) => (s >= options.sharpFrom * peak ? 1 : 0));
  const subject = largestPart(sharp, width, height);
  let sharpCount = 0;
  let partCount = 0;
  for (let p = 0; p < sharp.length; p++) {
    sharpCount += sharp[p]!;
    partCount += subject[p]!;
  }
  if (partCount < options.holds * sharpCount) subject.fill(0);
  const reach = Math.round(options.near * Math.min(width, height));
  return { subject: dilated(subject, width, height, reach), weight };
}

/** Mean |Laplacian| of the preview's grey (mean of its colour channels), per map cell. */
function laplacianPerCell(
  preview: Raster<Float32Array>,
  width: number,
  height: number,
): Float32Array {
  const { width: w, height: h } = preview;
  const grey = meanChannel(preview);
  const sum = new Float32Array(width * height);
  const count = new Float32Array(width * height);
  for (let y = 1; y < h - 1; y++) {
    const row = Math.min(height - 1, Math.floor((y * height) / h)) * width;
    for (let x = 1; x < w - 1; x++) {
      const p = y * w + x;
      const laplacian = 4 * grey[p]! - grey[p - 1]! - grey[p + 1]! - grey[p - w]! - grey[p + w]!;
      const cell = row + Math.min(width - 1, Math.floor((x * width) / w));
      sum[cell]! += Math.abs(laplacian);
      count[cell]! += 1;
    }
  }
  for (let i = 0; i < sum.length; i++) sum[i] = count[i]! > 0 ? sum[i]! / count[i]! : 0;
  return sum;
}

/** The mean of each cell's (2 reach + 1)² neighbourhood, clipped to the map. */
function boxMean(values: Float32Array, width: number, height: number, reach: number) {
  const out = new Float32Array(values.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let n = 0;
      for (let yy = Math.max(0, y - reach); yy <= Math.min(height - 1, y + reach); yy++) {
        for (let xx = Math.max(0, x - reach); xx <= Math.min(width - 1, x + reach); xx++) {
          sum += values[yy * width + xx]!;
          n++;
        }
      }
      out[y * width + x] = sum / n;
    }
  }
  return out;
}

/** The largest 4-connected part of the marked (1) cells, as a mask (the first found on a tie). */
function largestPart(marked: Int32Array, width: number, height: number): Uint8Array {
  const { region, count } = connectedRegions(marked, width, height);
  const sizes = new Int32Array(count);
  for (let p = 0; p < marked.length; p++) if (marked[p] === 1) sizes[region[p]!]!++;
  let largest = -1;
  for (let r = 0; r < count; r++)
    if (sizes[r]! > 0 && (largest < 0 || sizes[r]! > sizes[largest]!)) largest = r;
  return Uint8Array.from(region, (r) => (r === largest ? 1 : 0));
}

/** The mask grown by `reach` cells each way (a square around each marked cell). */
function dilated(mask: Uint8Array, width: number, height: number, reach: number): Uint8Array {
  const rows = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue;
      for (let xx = Math.max(0, x - reach); xx <= Math.min(width - 1, x + reach); xx++) {
        rows[y * width + xx] = 1;
      }
    }
  }
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!rows[y * width + x]) continue;
      for (let yy = Math.max(0, y - reach); yy <= Math.min(height - 1, y + reach); yy++) {
        out[yy * width + x] = 1;
      }
    }
  }
  return out;
}
