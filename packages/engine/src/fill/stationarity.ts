import type { Raster } from './raster';

export interface ExtendedEdges {
  left: boolean;
  right: boolean;
  top: boolean;
  bottom: boolean;
}

/**
 * How texture-like (stationary) the bands along the extended edges are, 0..1, the least
 * texture-like extended edge deciding. Each band is cut into square blocks; a stationary texture
 * (star field, sand, grass, cloudy sky) has blocks whose means and contrasts hardly vary compared
 * with the detail inside each block, whereas a structured band (a subject, a horizon, a table
 * edge, a gradient) has blocks that differ from one another far more than within themselves.
 */
export function edgeStationarity(
  source: Raster<Float32Array>,
  edges: ExtendedEdges,
  band: number,
): number {
  const { width: w, height: h } = source;
  const depth = Math.max(2, Math.round(Math.min(w, h) * band));
  const bands: { x: number; y: number; bw: number; bh: number }[] = [];
  if (edges.left) bands.push({ x: 0, y: 0, bw: depth, bh: h });
  if (edges.right) bands.push({ x: w - depth, y: 0, bw: depth, bh: h });
  if (edges.top) bands.push({ x: 0, y: 0, bw: w, bh: depth });
  if (edges.bottom) bands.push({ x: 0, y: h - depth, bw: w, bh: depth });
  let score = 1;
  for (const b of bands) score = Math.min(score, bandStationarity(source, b, depth));
  return score;
}

function bandStationarity(
  source: Raster<Float32Array>,
  band: { x: number; y: number; bw: number; bh: number },
  block: number,
): number {
  const { width: w, channels: c, data } = source;
  const means: number[] = [];
  const spreads: number[] = [];
  for (let by = band.y; by + block <= band.y + band.bh; by += block) {
    for (let bx = band.x; bx + block <= band.x + band.bw; bx += block) {
      let sum = 0;
      let sq = 0;
      for (let y = by; y < by + block; y++) {
        for (let x = bx; x < bx + block; x++) {
          const p = (y * w + x) * c;
          const l = 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!;
          sum += l;
          sq += l * l;
        }
      }
      const n = block * block;
      const mean = sum / n;
      means.push(mean);
      spreads.push(Math.sqrt(Math.max(0, sq / n - mean * mean)));
    }
  }
  if (means.length < 2) return 0;
  const within = average(spreads);
  const between = Math.sqrt(variance(means)) + Math.sqrt(variance(spreads));
  // Ratio between-block / within-block variation: ~<1 for textures, >>1 for structure.
  const ratio = between / (within + 2);
  return Math.min(1, Math.max(0, (RATIO_STRUCTURED - ratio) / (RATIO_STRUCTURED - RATIO_TEXTURE)));
}

const RATIO_TEXTURE = 0.6;
const RATIO_STRUCTURED = 1.2;

function average(values: number[]): number {
  return values.reduce((s, v) => s + v, 0) / values.length;
}

function variance(values: number[]): number {
  const m = average(values);
  return values.reduce((s, v) => s + (v - m) * (v - m), 0) / values.length;
}
