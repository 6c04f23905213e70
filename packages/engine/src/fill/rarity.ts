import type { Raster } from './raster';

/** Colour bins per channel for the rarity histogram (8 bins of 32 levels each). */
const BINS = 8;
/** A colour covering this share of the border ring or more counts as plain background (rarity 0). */
const COMMON_SHARE = 0.12;

/**
 * Per source pixel, how rare its colour is along the original's border ring (`ring` as a share of
 * each side). The subject (a white cup, a red saucer) is rare there; the background it stands on is
 * common. The search pays for rare sources, so it extends the background instead of cloning the
 * subject, even where the subject touches the edge.
 */
export function colourRarity(source: Raster<Float32Array>, ring: number): Float32Array {
  const { width: w, height: h, channels: c, data } = source;
  const bin = (i: number): number => {
    const r = Math.min(BINS - 1, Math.floor((data[i]! * BINS) / 256));
    const g = Math.min(BINS - 1, Math.floor((data[i + 1]! * BINS) / 256));
    const b = Math.min(BINS - 1, Math.floor((data[i + 2]! * BINS) / 256));
    return (r * BINS + g) * BINS + b;
  };
  const ringX = Math.max(1, Math.round(w * ring));
  const ringY = Math.max(1, Math.round(h * ring));
  const histogram = new Float64Array(BINS * BINS * BINS);
  let total = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (x >= ringX && x < w - ringX && y >= ringY && y < h - ringY) continue;
      histogram[bin((y * w + x) * c)]! += 1;
      total++;
    }
  }
  const rarity = new Float32Array(w * h);
  for (let p = 0; p < w * h; p++) {
    const share = histogram[bin(p * c)]! / total;
    rarity[p] = Math.max(0, 1 - share / COMMON_SHARE);
  }
  return rarity;
}
