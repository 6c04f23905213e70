import type { Raster } from './raster';
import { resizeArea } from './raster';

/** Colour bins per channel (8 bins of 32 levels each). */
const BINS = 8;
/** A colour covering this share of an edge strip or more counts as plain background (rarity 0). */
const COMMON_SHARE = 0.1;
/**
 * Colours are judged on a copy whose shortest side is this many px: fine texture (stars, grain,
 * wood fibres) averages into its ground there, while a cup, a helmet or a face keeps its colour.
 */
const JUDGED_SIDE = 24;

/** Per side (left, right, top, bottom), per pixel of a coarse copy: rarity 0 (common) .. 1. */
export interface EdgeRarity {
  width: number;
  height: number;
  sides: [Float32Array, Float32Array, Float32Array, Float32Array];
}

/**
 * How rare each part of the original is along each edge: the share of the edge strip (`strip` of
 * the side across it) with the same coarse colour. What touches an edge (the table beside a cup,
 * the sky above a tower) is common there and may continue outwards; a subject that does not
 * reach the edge is rare there, so the search pays for copying it.
 */
export function edgeRarity(source: Raster<Float32Array>, strip: number): EdgeRarity {
  const scale = Math.max(1, Math.min(source.width, source.height) / JUDGED_SIDE);
  const width = Math.max(1, Math.round(source.width / scale));
  const height = Math.max(1, Math.round(source.height / scale));
  const coarse = resizeArea(source, width, height);
  const bins = new Int32Array(width * height);
  const c = coarse.channels;
  for (let p = 0; p < width * height; p++) {
    let bin = 0;
    for (let ch = 0; ch < 3; ch++) {
      const value = coarse.data[p * c + Math.min(ch, c - 1)]!;
      bin = bin * BINS + Math.min(BINS - 1, Math.floor((value * BINS) / 256));
    }
    bins[p] = bin;
  }
  const sx = Math.max(1, Math.round(strip * width));
  const sy = Math.max(1, Math.round(strip * height));
  const strips: ((x: number, y: number) => boolean)[] = [
    (x) => x < sx,
    (x) => x >= width - sx,
    (_x, y) => y < sy,
    (_x, y) => y >= height - sy,
  ];
  const sides = strips.map((inStrip) => {
    const histogram = new Float64Array(BINS * BINS * BINS);
    let total = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (!inStrip(x, y)) continue;
        histogram[bins[y * width + x]!]! += 1;
        total++;
      }
    }
    const rarity = new Float32Array(width * height);
    for (let p = 0; p < width * height; p++) {
      rarity[p] = Math.max(0, 1 - histogram[bins[p]!]! / total / COMMON_SHARE);
    }
    return rarity;
  });
  return { width, height, sides: sides as EdgeRarity['sides'] };
}

/** The four maps resampled (nearest) to a source of `width` x `height`. */
export function rarityAt(rarity: EdgeRarity, width: number, height: number): Float32Array[] {
  const columns = new Int32Array(width);
  for (let x = 0; x < width; x++) {
    columns[x] = Math.min(rarity.width - 1, Math.floor((x * rarity.width) / width));
  }
  return rarity.sides.map((map) => {
    const out = new Float32Array(width * height);
    for (let y = 0; y < height; y++) {
      const row =
        Math.min(rarity.height - 1, Math.floor((y * rarity.height) / height)) * rarity.width;
      for (let x = 0; x < width; x++) out[y * width + x] = map[row + columns[x]!]!;
    }
    return out;
  });
}
