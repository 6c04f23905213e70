import type { DetailCopy } from './detail-copy';
import { createDetailCopy, detailSources } from './detail-copy';
import { LAPLACIAN_PER_SIGMA, noiseTable, NOISE_H, NOISE_W } from './detail-energy';
import type { GridAxis } from './grid';
import { blurTwice, gridAxis, lerp, lerpRows } from './grid';
import type { Level } from './level';
import type { Nnf } from './nnf';
import { clamp } from './nnf';
import type { CanvasPlacement, Raster } from './raster';

export interface RenderOptions {
  /**
   * Box radius (px of the searched level, applied twice) that splits the result in two: below
   * it the layout the search voted, above it the original's own detail copied at the matches'
   * displacements, so texture arrives at full resolution and full sharpness.
   */
  splitRadius: number;
  /** Up to this distance from the original (share of its shortest side) the result stays sharp. */
  sharpUntil: number;
  /** From this distance on, only the defocused layout (plus grain) remains. */
  calmFrom: number;
  /** Radius (share of the shortest side) of the first defocus step; the second is twice as wide. */
  defocus: number;
  /** Grain strength: 1 tops the fine-detail energy up to what the edges nearby have. */
  grain: number;
}

/** Fine-detail energy (see detail-energy.ts) on the searched level's grid. */
export interface EnergyMaps {
  /** Per pixel of the level's source. */
  source: Float32Array;
  /** Per canvas pixel: what the continuation of the edges should have (from guidance.ts). */
  expected: Float32Array;
}

/** Everything a row needs, on the level's grid, and its rows interpolated to the current row. */
interface Layers {
  /** Canvas-sized level layers: voted layout, its two defocus steps, the two energies. */
  layout: Float32Array;
  soft: Float32Array;
  softer: Float32Array;
  expected: Float32Array;
  copied: Float32Array;
  rows: {
    layout: Float32Array;
    soft: Float32Array;
    softer: Float32Array;
    expected: Float32Array;
    copied: Float32Array;
  };
  copy: DetailCopy;
  col: GridAxis;
  row: GridAxis;
  /** Per whole-px distance from the original: the shares of the two defocus steps. */
  toSoft: Float32Array;
  toSofter: Float32Array;
  noise: Float32Array;
  grainScale: number;
}

/**
 * The full-resolution canvas from the finest searched level: layout (the voted canvas, bilinear)
 * plus detail (copied), passing with distance through a defocus into the layout alone, where
 * copies of the edge band could only repeat; grain tops the fine detail up to the edges' own.
 * The original is copied bit for bit.
 */
export function renderCanvas(
  original: Raster,
  placement: CanvasPlacement,
  level: Level,
  nnf: Nnf,
  energy: EnergyMaps,
  rng: () => number,
  options: RenderOptions,
): Uint8Array {
  const { width: W, height: H, offsetX: ox, offsetY: oy } = placement;
  const { width: w, height: h, channels: c } = original;
  const layers = prepareLayers(original, placement, level, nnf, energy, rng, options);
  const out = new Uint8ClampedArray(W * H * c);
  for (let y = 0; y < H; y++) {
    if (y >= oy && y < oy + h) {
      out.set(original.data.subarray((y - oy) * w * c, (y - oy + 1) * w * c), (y * W + ox) * c);
    }
    renderRow(out, y, placement, original, level, layers);
  }
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}

function prepareLayers(
  original: Raster,
  placement: CanvasPlacement,
  level: Level,
  nnf: Nnf,
  energy: EnergyMaps,
  rng: () => number,
  options: RenderOptions,
): Layers {
  const { width: W, height: H, offsetX: ox, offsetY: oy } = placement;
  const { width: w, height: h, channels: c } = original;
  const lw = level.source.width;
  const lh = level.source.height;
  const shortest = Math.min(w, h);
  const defocus = Math.max(1, Math.round((options.defocus * shortest * lw) / w));
  const soft = blurTwice(level.target, level.W, level.H, c, defocus);
  const lowSource = blurTwice(level.source.data, lw, lh, c, options.splitRadius);
  const d0 = options.sharpUntil * shortest;
  const d1 = Math.max(d0 + 1, options.calmFrom * shortest);
  const steps = Math.ceil(Math.hypot(W, H)) + 1;
  const toSoft = new Float32Array(steps);
  const toSofter = new Float32Array(steps);
  for (let d = 0; d < steps; d++) {
    // Sharp -> soft over the first half of [d0, d1], soft -> softer over the second.
    const t = clamp((d - d0) / (d1 - d0), 0, 1);
    toSoft[d] = smoothstep(Math.min(1, t * 2));
    toSofter[d] = smoothstep(Math.max(0, t * 2 - 1));
  }
  return {
    layout: blurTwice(level.target, level.W, level.H, c, options.splitRadius),
    soft,
    softer: blurTwice(soft, level.W, level.H, c, defocus * 2),
    expected: energy.expected,
    copied: copiedEnergy(level, nnf, energy.source),
    rows: {
      layout: new Float32Array(level.W * c),
      soft: new Float32Array(level.W * c),
      softer: new Float32Array(level.W * c),
      expected: new Float32Array(level.W),
      copied: new Float32Array(level.W),
    },
    copy: createDetailCopy(original, lowSource, level, nnf),
    col: gridAxis(W, ox, w / lw, level.ox, level.W),
    row: gridAxis(H, oy, h / lh, level.oy, level.H),
    toSoft,
    toSofter,
    noise: noiseTable(rng),
    grainScale: options.grain / LAPLACIAN_PER_SIGMA,
  };
}

/** The new pixels of canvas row `y`. */
function renderRow(
  out: Uint8ClampedArray,
  y: number,
  placement: CanvasPlacement,
  original: Raster,
  level: Level,
  layers: Layers,
): void {
  const { width: W, offsetX: ox, offsetY: oy } = placement;
  const { width: w, height: h, channels: c } = original;
  const { rows, col, copy, toSoft, toSofter, noise, grainScale } = layers;
  const { detail } = copy;
  const inRows = y >= oy && y < oy + h;
  const dy = Math.max(oy - y, y - (oy + h - 1), 0);
  const r0 = layers.row.i0[y]! * level.W;
  const r1 = layers.row.i1[y]! * level.W;
  const ay = layers.row.a[y]!;
  const sy = layers.row.steep[y]!;
  // Level rows interpolated to this row once: only a horizontal lerp is left per pixel.
  lerpRows(layers.layout, r0 * c, r1 * c, ay, rows.layout);
  lerpRows(layers.soft, r0 * c, r1 * c, ay, rows.soft);
  lerpRows(layers.softer, r0 * c, r1 * c, ay, rows.softer);
  lerpRows(layers.expected, r0, r1, ay, rows.expected);
  lerpRows(layers.copied, r0, r1, ay, rows.copied);
  const noiseRow = (y % NOISE_H) * NOISE_W;
  for (let x = 0; x < W; x++) {
    if (inRows && x === ox) {
      x = ox + w - 1;
      continue;
    }
    const dx = Math.max(ox - x, x - (ox + w - 1), 0);
    const d = Math.min(toSoft.length - 1, Math.round(Math.sqrt(dx * dx + dy * dy)));
    const soft = toSoft[d]!;
    const softer = toSofter[d]!;
    const i0 = col.i0[x]!;
    const i1 = col.i1[x]!;
    const ax = col.a[x]!;
    const o = (y * W + x) * c;
    if (soft < 1) {
      const n = detailSources(
        copy,
        x - ox,
        y - oy,
        r0 + i0,
        r0 + i1,
        r1 + i0,
        r1 + i1,
        col.steep[x]!,
        sy,
      );
      for (let ch = 0; ch < c; ch++) {
        let value = lerp(rows.layout[i0 * c + ch]!, rows.layout[i1 * c + ch]!, ax);
        for (let k = 0; k < n; k++) value += detail[copy.from[k]! + ch]! * copy.share[k]!;
        out[o + ch] = value;
      }
    }
    if (soft > 0) {
      for (let ch = 0; ch < c; ch++) {
        let calm = lerp(rows.soft[i0 * c + ch]!, rows.soft[i1 * c + ch]!, ax);
        if (softer > 0) {
          calm += (lerp(rows.softer[i0 * c + ch]!, rows.softer[i1 * c + ch]!, ax) - calm) * softer;
        }
        out[o + ch] = soft < 1 ? out[o + ch]! * (1 - soft) + calm * soft : calm;
      }
    }
    // Grain tops the detail up to the edges' own: none where copies bring enough, all of it
    // where only the defocused layout is left. Alpha gets none.
    const missing =
      lerp(rows.expected[i0]!, rows.expected[i1]!, ax) -
      lerp(rows.copied[i0]!, rows.copied[i1]!, ax) * (1 - soft);
    if (missing > 0) {
      const grain = noise[noiseRow + (x % NOISE_W)]! * missing * grainScale;
      for (let ch = 0; ch < 3; ch++) out[o + ch] = out[o + ch]! + grain;
    }
  }
}

/** Per canvas cell of the level: the detail energy of what its match copies (its own inside). */
function copiedEnergy(level: Level, nnf: Nnf, energy: Float32Array): Float32Array {
  const { W, ox, oy } = level;
  const { width: w, height: h } = level.source;
  const out = new Float32Array(level.W * level.H);
  for (let y = oy; y < oy + h; y++) {
    out.set(energy.subarray((y - oy) * w, (y - oy + 1) * w), y * W + ox);
  }
  for (const i of level.unknown) out[i] = energy[nnf.sy[i]! * w + nnf.sx[i]!]!;
  return out;
}

function smoothstep(t: number): number {
  return t * t * (3 - 2 * t);
}
