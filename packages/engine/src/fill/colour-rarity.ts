import type { Side } from './edge-lines';
import type { Raster } from './raster';
import { resizeArea } from './raster';

/**
 * Colours are judged on a copy whose shortest side is this many px: fine texture (grain, wood
 * fibres, stars) averages into its ground there, while a cup, a helmet or a face keeps its colour.
 */
const JUDGED_SIDE = 48;
/** Edge-strip colours sampled per side at most (evenly spread along the strip). */
const STRIP_SAMPLES = 256;
/** A colour near this share of the strip's samples is common along that edge. */
const COMMON_SHARE = 0.1;

export interface RarityOptions {
  /** Depth of the edge strip that decides which colours are common, as a share of the side. */
  strip: number;
  /** Colour distance (0..255 scale) still counted as the same colour... */
  near: number;
  /** ...and the distance from which a colour is wholly rare. */
  far: number;
  /**
   * Weight of local texture (luma standard deviation over 3x3 px) beside colour: a boat's hull
   * and a sunset cloud can share a colour, not a kind.
   */
  textureWeight: number;
}

/** The order of the rarity maps. */
const SIDES: readonly Side[] = ['left', 'right', 'top', 'bottom'];

/** Rarity maps (left, right, top, bottom) at the size colours are judged at. */
export interface JudgedRarity {
  width: number;
  height: number;
  maps: Float32Array[];
}

/**
 * How rare each pixel of the original is along each edge (left, right, top, bottom), 0 (its
 * colour is common in the edge strip) to 1 (nothing in the strip looks like it), judged once on a
 * small copy of `source` (see `rarityAt` for maps at any size). What touches an edge (the table
 * beside a cup, the sky above a tower) may continue outwards; a subject that does not reach the
 * edge is rare there, so copying it costs. Only `sides` are judged (the canvas grows past no
 * other, so no copy is costed along them): the others' maps are 0.
 */
export function colourRarity(
  source: Raster<Float32Array>,
  sides: readonly Side[],
  options: RarityOptions,
): JudgedRarity {
  const scale = Math.max(1, Math.min(source.width, source.height) / JUDGED_SIDE);
  const width = Math.max(1, Math.round(source.width / scale));
  const height = Math.max(1, Math.round(source.height / scale));
  const coarse = withTexture(resizeArea(source, width, height), options.textureWeight);
  const sx = Math.max(1, Math.round(options.strip * width));
  const sy = Math.max(1, Math.round(options.strip * height));
  const strips = [
    { x0: 0, y0: 0, x1: sx, y1: height },
    { x0: width - sx, y0: 0, x1: width, y1: height },
    { x0: 0, y0: 0, x1: width, y1: sy },
    { x0: 0, y0: height - sy, x1: width, y1: height },
  ];
  const maps = strips.map((strip, i) =>
    sides.includes(SIDES[i]!)
      ? rarityAlong(coarse, stripColours(coarse, strip), options)
      : new Float32Array(width * height),
  );
  return { width, height, maps };
}

/** The judged rarity maps resampled (bilinear) to `width` x `height`. */
export function rarityAt(judged: JudgedRarity, width: number, height: number): Float32Array[] {
  return judged.maps.map((map) => resample(map, judged.width, judged.height, width, height));
}

function stripColours(
  image: Raster<Float32Array>,
  strip: { x0: number; y0: number; x1: number; y1: number },
): Float32Array {
  const count = (strip.x1 - strip.x0) * (strip.y1 - strip.y0);
  const step = Math.max(1, count / STRIP_SAMPLES);
  const n = Math.min(count, STRIP_SAMPLES);
  const out = new Float32Array(n * FEATURES);
  const sw = strip.x1 - strip.x0;
  for (let i = 0; i < n; i++) {
    const k = Math.floor(i * step);
    const p = (strip.y0 + Math.floor(k / sw)) * image.width + strip.x0 + (k % sw);
    out.set(image.data.subarray(p * FEATURES, (p + 1) * FEATURES), i * FEATURES);
  }
  return out;
}

/**
 * Per pixel of `image`, how rare its colour is among `samples`: by its distance to the nearest
 * COMMON_SHARE of them, `near` or less being 0 and `far` or more 1.
 */
function rarityAlong(
  image: Raster<Float32Array>,
  samples: Float32Array,
  options: RarityOptions,
): Float32Array {
  const { near, far } = options;
  const n = samples.length / FEATURES;
  const k = Math.max(1, Math.round((COMMON_SHARE * samples.length) / FEATURES));
  // Squared distances beyond these are surely past `far`, and within them surely within `near`
  // (the margins cover sqrt's rounding), where the k-th nearest's exact distance is not needed.
  const farSq = far * far * (1 + 1e-9);
  const nearSq = near * near * (1 - 1e-9);
  const { data } = image;
  const rarity = new Float32Array(image.width * image.height);
  const within = new Float64Array(n);
  for (let p = 0; p < rarity.length; p++) {
    const r = data[p * FEATURES]!;
    const g = data[p * FEATURES + 1]!;
    const b = data[p * FEATURES + 2]!;
    const t = data[p * FEATURES + 3]!;
    let count = 0;
    let nearCount = 0;
    for (let i = 0; i < samples.length; i += FEATURES) {
      const d =
        (samples[i]! - r) ** 2 +
        (samples[i + 1]! - g) ** 2 +
        (samples[i + 2]! - b) ** 2 +
        (samples[i + 3]! - t) ** 2;
      if (d >= farSq) continue;
      within[count++] = d;
      if (d <= nearSq) nearCount++;
    }
    if (count < k) rarity[p] = 1;
    else if (nearCount >= k) rarity[p] = 0;
    else {
      const d = Math.sqrt(kthSmallest(within, count, k));
      rarity[p] = Math.min(1, Math.max(0, (d - near) / (far - near)));
    }
  }
  return rarity;
}

/** The k-th smallest (1-based) of `values[0..count)`, which it reorders (quickselect). */
function kthSmallest(values: Float64Array, count: number, k: number): number {
  let lo = 0;
  let hi = count - 1;
  const target = k - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const swap = values[i]!;
        values[i++] = values[j]!;
        values[j--] = swap;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else break;
  }
  return values[target]!;
}

/** Per judged pixel: red, green, blue and weighted texture. */
const FEATURES = 4;

/** The image as FEATURES channels: its colour and `weight` times its 3x3 luma deviation. */
function withTexture(image: Raster<Float32Array>, weight: number): Raster<Float32Array> {
  const { width: W, height: H, channels: c, data } = image;
  const at = (p: number, ch: number): number => data[p * c + Math.min(ch, c - 1)]!;
  const luma = (p: number): number => 0.299 * at(p, 0) + 0.587 * at(p, 1) + 0.114 * at(p, 2);
  const out = new Float32Array(W * H * FEATURES);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let s = 0;
      let s2 = 0;
      let n = 0;
      for (let yy = Math.max(0, y - 1); yy <= Math.min(H - 1, y + 1); yy++) {
        for (let xx = Math.max(0, x - 1); xx <= Math.min(W - 1, x + 1); xx++) {
          const l = luma(yy * W + xx);
          s += l;
          s2 += l * l;
          n++;
        }
      }
      const p = y * W + x;
      for (let ch = 0; ch < 3; ch++) out[p * FEATURES + ch] = at(p, ch);
      out[p * FEATURES + 3] = weight * Math.sqrt(Math.max(0, s2 / n - (s / n) ** 2));
    }
  }
  return { width: W, height: H, channels: FEATURES, data: out };
}

/** Bilinear resample of a single-channel map. */
function resample(map: Float32Array, w: number, h: number, W: number, H: number): Float32Array {
  const out = new Float32Array(W * H);
  for (let y = 0; y < H; y++) {
    const fy = Math.min(h - 1, Math.max(0, ((y + 0.5) * h) / H - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(h - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < W; x++) {
      const fx = Math.min(w - 1, Math.max(0, ((x + 0.5) * w) / W - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(w - 1, x0 + 1);
      const tx = fx - x0;
      const top = map[y0 * w + x0]! * (1 - tx) + map[y0 * w + x1]! * tx;
      const bottom = map[y1 * w + x0]! * (1 - tx) + map[y1 * w + x1]! * tx;
      out[y * W + x] = top * (1 - ty) + bottom * ty;
    }
  }
  return out;
}
