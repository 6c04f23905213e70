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
  // Loops, not closures, around the hot work: a closure made per call is optimised anew per call.
  const maps: Float32Array[] = [];
  for (let i = 0; i < SIDES.length; i++) {
    maps.push(
      sides.includes(SIDES[i]!)
        ? rarityAlong(coarse, stripColours(coarse, strips[i]!), options)
        : new Float32Array(width * height),
    );
  }
  return { width, height, maps };
}

/** The judged rarity maps resampled (bilinear) to `width` x `height`. */
export function rarityAt(judged: JudgedRarity, width: number, height: number): Float32Array[] {
  const maps: Float32Array[] = [];
  for (const map of judged.maps)
    maps.push(resample(map, judged.width, judged.height, width, height));
  return maps;
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
  const k = Math.max(1, Math.round((COMMON_SHARE * samples.length) / FEATURES));
  // Squared distances beyond these are surely past `far`, and within them surely within `near`
  // (the margins cover sqrt's rounding), where the k-th nearest's exact distance is not needed.
  const farSq = far * far * (1 + 1e-9);
  const nearSq = near * near * (1 - 1e-9);
  const nearest = new NearestSamples(samples, k, nearSq);
  const { width, data } = image;
  const rarity = new Float32Array(image.width * image.height);
  // Per pixel, at least the distance to its k-th nearest sample (Infinity past `far`). A pixel's
  // is at most its neighbour's plus the distance between them, which bounds its search.
  const upper = new Float64Array(rarity.length);
  for (let p = 0; p < rarity.length; p++) {
    const before = p % width > 0 ? p - 1 : p - width;
    let bound = farSq;
    if (before >= 0 && upper[before]! < Infinity) {
      const reach = (upper[before]! + featureDistance(data, p, before)) * (1 + 1e-9) + 1e-9;
      bound = Math.min(farSq, reach * reach);
    }
    let kth = nearest.kthDistanceSq(data, p, bound);
    // Only rounding could leave fewer than k within the neighbour's bound: then search to `far`.
    if (kth === BEYOND && bound < farSq) kth = nearest.kthDistanceSq(data, p, farSq);
    if (kth === BEYOND) {
      rarity[p] = 1;
      upper[p] = Infinity;
    } else if (kth === WITHIN_NEAR) {
      rarity[p] = 0;
      upper[p] = near;
    } else {
      const d = Math.sqrt(kth);
      rarity[p] = Math.min(1, Math.max(0, (d - near) / (far - near)));
      upper[p] = d;
    }
  }
  return rarity;
}

const featureDistance = (data: Float32Array, p: number, q: number): number => {
  let sum = 0;
  for (let f = 0; f < FEATURES; f++)
    sum += (data[p * FEATURES + f]! - data[q * FEATURES + f]!) ** 2;
  return Math.sqrt(sum);
};

/** What `kthDistanceSq` answers when fewer than k samples lie within its bound... */
const BEYOND = Infinity;
/** ...and when k of them lie within `near` (their exact distance does not matter). */
const WITHIN_NEAR = -1;

/**
 * The strip's samples, sorted along their widest feature so a search within a distance reads only
 * those within it along that feature (a sample's distance is at least its gap along one feature).
 */
class NearestSamples {
  private readonly samples: Float32Array;
  private readonly axis: number;
  private readonly n: number;
  /** Squared distances of the samples within a search's bound. */
  private readonly within: Float64Array;

  constructor(
    unsorted: Float32Array,
    private readonly k: number,
    private readonly nearSq: number,
  ) {
    this.axis = widestFeature(unsorted);
    this.samples = sortedAlong(unsorted, this.axis);
    this.n = unsorted.length / FEATURES;
    this.within = new Float64Array(this.n);
  }

  /** The squared distance from pixel p of `data` to its k-th nearest sample, if below `bound`. */
  kthDistanceSq(data: Float32Array, p: number, bound: number): number {
    const { samples, axis, n, within, k, nearSq } = this;
    const q = data[p * FEATURES + axis]!;
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (samples[mid * FEATURES + axis]! < q) lo = mid + 1;
      else hi = mid;
    }
    while (hi < n && (samples[hi * FEATURES + axis]! - q) ** 2 < bound) hi++;
    while (lo > 0 && (samples[(lo - 1) * FEATURES + axis]! - q) ** 2 < bound) lo--;
    if (hi - lo < k) return BEYOND;
    const r = data[p * FEATURES]!;
    const g = data[p * FEATURES + 1]!;
    const b = data[p * FEATURES + 2]!;
    const t = data[p * FEATURES + 3]!;
    let count = 0;
    let nearCount = 0;
    for (let i = lo * FEATURES; i < hi * FEATURES; i += FEATURES) {
      const d =
        (samples[i]! - r) ** 2 +
        (samples[i + 1]! - g) ** 2 +
        (samples[i + 2]! - b) ** 2 +
        (samples[i + 3]! - t) ** 2;
      if (d >= bound) continue;
      within[count++] = d;
      if (d <= nearSq) nearCount++;
    }
    if (count < k) return BEYOND;
    if (nearCount >= k) return WITHIN_NEAR;
    return kthSmallest(within, count, k);
  }
}

/** The feature whose values spread widest over the samples. */
function widestFeature(samples: Float32Array): number {
  let widest = 0;
  let widestRange = -1;
  for (let f = 0; f < FEATURES; f++) {
    let min = Infinity;
    let max = -Infinity;
    for (let i = f; i < samples.length; i += FEATURES) {
      min = Math.min(min, samples[i]!);
      max = Math.max(max, samples[i]!);
    }
    if (max - min > widestRange) {
      widestRange = max - min;
      widest = f;
    }
  }
  return widest;
}

/** The samples sorted by feature `axis` (insertion sort: a few hundred, no comparator closure). */
function sortedAlong(samples: Float32Array, axis: number): Float32Array {
  const out = new Float32Array(samples);
  const sample = new Float32Array(FEATURES);
  for (let i = 1; i < out.length / FEATURES; i++) {
    sample.set(out.subarray(i * FEATURES, (i + 1) * FEATURES));
    let j = i;
    while (j > 0 && out[(j - 1) * FEATURES + axis]! > sample[axis]!) {
      out.copyWithin(j * FEATURES, (j - 1) * FEATURES, j * FEATURES);
      j--;
    }
    out.set(sample, j * FEATURES);
  }
  return out;
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
  const out = new Float32Array(W * H * FEATURES);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let s = 0;
      let s2 = 0;
      let n = 0;
      for (let yy = Math.max(0, y - 1); yy <= Math.min(H - 1, y + 1); yy++) {
        for (let xx = Math.max(0, x - 1); xx <= Math.min(W - 1, x + 1); xx++) {
          const l = luma(data, yy * W + xx, c);
          s += l;
          s2 += l * l;
          n++;
        }
      }
      const p = y * W + x;
      for (let ch = 0; ch < 3; ch++) out[p * FEATURES + ch] = channel(data, p, c, ch);
      out[p * FEATURES + 3] = weight * Math.sqrt(Math.max(0, s2 / n - (s / n) ** 2));
    }
  }
  return { width: W, height: H, channels: FEATURES, data: out };
}

/** Channel `ch` of pixel p, the last channel standing in for missing ones (grey images). */
const channel = (data: Float32Array, p: number, c: number, ch: number): number =>
  data[p * c + Math.min(ch, c - 1)]!;

const luma = (data: Float32Array, p: number, c: number): number =>
  0.299 * channel(data, p, c, 0) + 0.587 * channel(data, p, c, 1) + 0.114 * channel(data, p, c, 2);

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
