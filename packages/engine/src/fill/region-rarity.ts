import type { Raster } from './raster';
import { resizeArea } from './raster';

export interface RegionRarityOptions {
  /** Regions are found on a copy of the photo whose shortest side is this many px. */
  side: number;
  /** Colour clusters the photo is split into before its connected regions are taken. */
  clusters: number;
  /** Weight of local texture (luma standard deviation) beside colour in the clustering. */
  textureWeight: number;
  /** Regions smaller than this many px are texture (a speck of gravel), not objects. */
  minSize: number;
  /** A region whose kind (pixels of its colour) covers at most this share of the photo is rare... */
  rareShare: number;
  /** ...falling to common at this share. */
  commonShare: number;
  /** Colour distance (0..255) within which a pixel counts as the region's kind. */
  sameColour: number;
  /** Colour distance from the region's surroundings from which it stands out fully (0 at half). */
  standsOut: number;
}

/** A rarity map (0..1 per pixel) at the size the regions were judged at. */
export interface RegionRarity {
  width: number;
  height: number;
  map: Float32Array;
}

/**
 * How distinctive each pixel's region is in the whole photo (0 common, 1 a distinctive object):
 * the photo is split into regions by colour and texture (k-means, then connected parts), and a
 * region is distinctive when few pixels of the photo share its colour and it stands out from what
 * surrounds it: a boat on a lake, a kite in the sky, a flower head, a sign. Rocks in a stream or
 * stones in gravel are many, so their kind is common. Judged per region, not per pixel colour, so
 * an object is rare as a whole; the map is widened by one px so its outline counts too.
 */
export function regionRarity(
  source: Raster<Float32Array>,
  options: RegionRarityOptions,
): RegionRarity {
  const scale = Math.max(1, Math.min(source.width, source.height) / options.side);
  const width = Math.max(1, Math.round(source.width / scale));
  const height = Math.max(1, Math.round(source.height / scale));
  const colour = rgb(resizeArea(source, width, height));
  const features = withTexture(colour, width, height, options.textureWeight);
  const cluster = kMeans(features, options.clusters);
  const { region, count } = connectedRegions(cluster, width, height);
  const rarity = regionScores(colour, region, count, width, height, options);
  return { width, height, map: widened(rarity, region, width, height) };
}

// Each step is its own small function: V8 compiles a hot loop inside one big function slowly, and
// again on each call while it warms up.

/** The image's colour, 3 channels a pixel (a grey image's one channel repeated). */
function rgb(image: Raster<Float32Array>): Float32Array {
  const n = image.width * image.height;
  const colour = new Float32Array(n * 3);
  for (let p = 0; p < n; p++) {
    for (let ch = 0; ch < 3; ch++) {
      colour[p * 3 + ch] = image.data[p * image.channels + Math.min(ch, image.channels - 1)]!;
    }
  }
  return colour;
}

/** Per region: its size, colour sum, and the colour sum and count of the pixels around it. */
function regionStats(colour: Float32Array, region: Int32Array, count: number, width: number) {
  const n = region.length;
  const size = new Int32Array(count);
  const sum = new Float64Array(count * 3);
  const ringSum = new Float64Array(count * 3);
  const ringCount = new Int32Array(count);
  for (let p = 0; p < n; p++) {
    const r = region[p]!;
    size[r]!++;
    for (let ch = 0; ch < 3; ch++) sum[r * 3 + ch]! += colour[p * 3 + ch]!;
  }
  for (let p = 0; p < n; p++) {
    const x = p % width;
    const r = region[p]!;
    for (let k = 0; k < 4; k++) {
      const q = neighbour(p, x, width, n, k);
      if (q < 0 || region[q] === r) continue;
      ringCount[r]!++;
      for (let ch = 0; ch < 3; ch++) ringSum[r * 3 + ch]! += colour[q * 3 + ch]!;
    }
  }
  return { size, sum, ringSum, ringCount };
}

/** 1 for each region that touches a side of the image. */
function bordering(region: Int32Array, count: number, width: number, height: number): Uint8Array {
  const n = region.length;
  const touchesBorder = new Uint8Array(count);
  for (let x = 0; x < width; x++) {
    touchesBorder[region[x]!] = 1;
    touchesBorder[region[n - 1 - x]!] = 1;
  }
  for (let y = 0; y < height; y++) {
    touchesBorder[region[y * width]!] = 1;
    touchesBorder[region[y * width + width - 1]!] = 1;
  }
  return touchesBorder;
}

/** How distinctive each region is (0 common, 1 a distinctive object). */
function regionScores(
  colour: Float32Array,
  region: Int32Array,
  count: number,
  width: number,
  height: number,
  options: RegionRarityOptions,
): Float32Array {
  const n = region.length;
  const { size, sum, ringSum, ringCount } = regionStats(colour, region, count, width);
  const touchesBorder = bordering(region, count, width, height);
  const histogram = colourHistogram(colour);
  const reach = Math.max(1, Math.round(options.sameColour / BIN_SIZE));
  const rarity = new Float32Array(count);
  for (let r = 0; r < count; r++) {
    if (touchesBorder[r] || ringCount[r] === 0) continue;
    if (size[r]! < options.minSize || size[r]! > options.commonShare * n) continue;
    const mean = [sum[r * 3]! / size[r]!, sum[r * 3 + 1]! / size[r]!, sum[r * 3 + 2]! / size[r]!];
    let contrastSq = 0;
    for (let ch = 0; ch < 3; ch++)
      contrastSq += (mean[ch]! - ringSum[r * 3 + ch]! / ringCount[r]!) ** 2;
    const standsOut = smoothstep(options.standsOut / 2, options.standsOut, Math.sqrt(contrastSq));
    const rare =
      1 - smoothstep(options.rareShare, options.commonShare, kindCount(histogram, reach, mean) / n);
    rarity[r] = standsOut * rare;
  }
  return rarity;
}

/** Per pixel, the largest rarity of its region and its 4-neighbours' regions. */
function widened(
  rarity: Float32Array,
  region: Int32Array,
  width: number,
  height: number,
): Float32Array {
  const n = width * height;
  const map = new Float32Array(n);
  for (let p = 0; p < n; p++) {
    const x = p % width;
    let r = rarity[region[p]!]!;
    for (let k = 0; k < 4; k++) {
      const q = neighbour(p, x, width, n, k);
      if (q >= 0) r = Math.max(r, rarity[region[q]!]!);
    }
    map[p] = r;
  }
  return map;
}

/** The k-th 4-neighbour (left, right, up, down) of pixel p at column x, -1 off the image. */
function neighbour(p: number, x: number, width: number, n: number, k: number): number {
  const q =
    k === 0
      ? x > 0
        ? p - 1
        : -1
      : k === 1
        ? x < width - 1
          ? p + 1
          : -1
        : k === 2
          ? p - width
          : p + width;
  return q >= 0 && q < n ? q : -1;
}

const smoothstep = (lo: number, hi: number, v: number): number => {
  const t = Math.min(1, Math.max(0, (v - lo) / (hi - lo)));
  return t * t * (3 - 2 * t);
};

/** Histogram bins per channel of the colour-kind count. */
const BINS = 16;

/** Colour values per histogram bin. */
const BIN_SIZE = 256 / BINS;

const bin = (v: number): number => Math.min(BINS - 1, Math.max(0, Math.floor(v / BIN_SIZE)));

/** How many pixels fall in each colour bin (BINS per channel). */
function colourHistogram(colour: Float32Array): Int32Array {
  const histogram = new Int32Array(BINS ** 3);
  for (let p = 0; p < colour.length; p += 3) {
    histogram[(bin(colour[p]!) * BINS + bin(colour[p + 1]!)) * BINS + bin(colour[p + 2]!)]!++;
  }
  return histogram;
}

/**
 * How many pixels have about the colour `rgb`: those in the histogram bins within `reach` bins of
 * its bin (a box of bins, so within about `reach` times BIN_SIZE on each channel).
 */
function kindCount(histogram: Int32Array, reach: number, rgb: number[]): number {
  const [br, bg, bb] = [bin(rgb[0]!), bin(rgb[1]!), bin(rgb[2]!)];
  let total = 0;
  for (let i = Math.max(0, br - reach); i <= Math.min(BINS - 1, br + reach); i++) {
    for (let j = Math.max(0, bg - reach); j <= Math.min(BINS - 1, bg + reach); j++) {
      for (let k = Math.max(0, bb - reach); k <= Math.min(BINS - 1, bb + reach); k++) {
        total += histogram[(i * BINS + j) * BINS + k]!;
      }
    }
  }
  return total;
}

/** Colour plus `weight` times the luma standard deviation over each pixel's 3x3 window. */
function withTexture(colour: Float32Array, W: number, H: number, weight: number): Float32Array {
  const out = new Float32Array(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let s = 0;
      let s2 = 0;
      let k = 0;
      for (let yy = Math.max(0, y - 1); yy <= Math.min(H - 1, y + 1); yy++) {
        for (let xx = Math.max(0, x - 1); xx <= Math.min(W - 1, x + 1); xx++) {
          const q = (yy * W + xx) * 3;
          const luma = 0.299 * colour[q]! + 0.587 * colour[q + 1]! + 0.114 * colour[q + 2]!;
          s += luma;
          s2 += luma * luma;
          k++;
        }
      }
      const p = y * W + x;
      out.set(colour.subarray(p * 3, p * 3 + 3), p * 4);
      out[p * 4 + 3] = weight * Math.sqrt(Math.max(0, s2 / k - (s / k) ** 2));
    }
  }
  return out;
}

/** Per clustered pixel: red, green, blue and weighted texture. */
const FEATURES = 4;

/** Cluster index per point (k-means, deterministic: seeds spread by farthest-point picking). */
function kMeans(points: Float32Array, k: number): Int32Array {
  const centres = seedCentres(points, k);
  const label = new Int32Array(points.length / FEATURES);
  const sums = new Float64Array(k * FEATURES);
  const counts = new Int32Array(k);
  for (let iteration = 0; iteration < 8; iteration++) {
    assignNearest(points, centres, k, label, sums, counts);
    for (let c = 0; c < k; c++) {
      if (counts[c] === 0) continue;
      for (let d = 0; d < FEATURES; d++) {
        centres[c * FEATURES + d] = sums[c * FEATURES + d]! / counts[c]!;
      }
    }
  }
  return label;
}

/** k centres: the first point, then each time the point farthest from all chosen so far. */
function seedCentres(points: Float32Array, k: number): Float64Array {
  const n = points.length / FEATURES;
  const centres = new Float64Array(k * FEATURES);
  const nearest = new Float64Array(n).fill(Infinity);
  let pick = 0;
  for (let c = 0; c < k; c++) {
    for (let d = 0; d < FEATURES; d++) centres[c * FEATURES + d] = points[pick * FEATURES + d]!;
    let far = 0;
    for (let p = 0; p < n; p++) {
      nearest[p] = Math.min(nearest[p]!, distanceSq(points, p, centres, c));
      if (nearest[p]! > nearest[far]!) far = p;
    }
    pick = far;
  }
  return centres;
}

/** Labels each point with its nearest centre, and sums and counts each centre's points. */
function assignNearest(
  points: Float32Array,
  centres: Float64Array,
  k: number,
  label: Int32Array,
  sums: Float64Array,
  counts: Int32Array,
): void {
  sums.fill(0);
  counts.fill(0);
  for (let p = 0; p < label.length; p++) {
    const best = nearestCentre(points, p, centres, k);
    label[p] = best;
    counts[best]!++;
    for (let d = 0; d < FEATURES; d++) sums[best * FEATURES + d]! += points[p * FEATURES + d]!;
  }
}

function nearestCentre(points: Float32Array, p: number, centres: Float64Array, k: number): number {
  const r = points[p * FEATURES]!;
  const g = points[p * FEATURES + 1]!;
  const b = points[p * FEATURES + 2]!;
  const t = points[p * FEATURES + 3]!;
  let best = 0;
  let bestD = Infinity;
  for (let c = 0; c < k; c++) {
    const j = c * FEATURES;
    const d =
      (r - centres[j]!) ** 2 +
      (g - centres[j + 1]!) ** 2 +
      (b - centres[j + 2]!) ** 2 +
      (t - centres[j + 3]!) ** 2;
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best;
}

function distanceSq(points: Float32Array, p: number, centres: Float64Array, c: number): number {
  const i = p * FEATURES;
  const j = c * FEATURES;
  return (
    (points[i]! - centres[j]!) ** 2 +
    (points[i + 1]! - centres[j + 1]!) ** 2 +
    (points[i + 2]! - centres[j + 2]!) ** 2 +
    (points[i + 3]! - centres[j + 3]!) ** 2
  );
}

/** 4-connected parts of equal labels: a region index per pixel and the number of regions. */
export function connectedRegions(
  label: Int32Array,
  W: number,
  H: number,
): { region: Int32Array; count: number } {
  const region = new Int32Array(W * H).fill(-1);
  const stack = new Int32Array(W * H);
  let count = 0;
  for (let start = 0; start < W * H; start++) {
    if (region[start]! >= 0) continue;
    region[start] = count;
    let top = 0;
    stack[top++] = start;
    while (top > 0) {
      const p = stack[--top]!;
      const x = p % W;
      for (let k = 0; k < 4; k++) {
        const q = neighbour(p, x, W, W * H, k);
        if (q < 0 || region[q]! >= 0 || label[q] !== label[p]) continue;
        region[q] = count;
        stack[top++] = q;
      }
    }
    count++;
  }
  return { region, count };
}
