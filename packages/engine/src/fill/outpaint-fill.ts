import { backgroundField } from './background';
import { composeFullResolution } from './compose';
import type { FarBlendOptions } from './far-blend';
import { blendFar } from './far-blend';
import type { Level } from './level';
import { makeLevel } from './level';
import type { Nnf } from './nnf';
import { createNnf, initNnf, upsampleNnf } from './nnf';
import { patchMatch } from './patch-match';
import { colourRarity } from './rarity';
import type { SeamOptions } from './seam';
import { correctSeams } from './seam';
import type { CanvasPlacement, Raster } from './raster';
import { resizeArea, toFloat } from './raster';
import { createRng } from './rng';
import { edgeStationarity } from './stationarity';
import { vote } from './vote';

export interface FillOptions {
  /** The coarsest level's canvas longest side, in px: where structure (horizons, gradients) is decided. */
  coarsestSide: number;
  /** The original's shortest side must keep at least this many px at the coarsest level. */
  minOriginalSide: number;
  /** Unknown pixels the search may touch at its finest level; above it the field is only upsampled. */
  searchBudget: number;
  /** Patch radius (5x5 patches at 2). */
  patchRadius: number;
  /** EM iterations (search then vote) at the coarsest level; finer levels use half, at least 1. */
  iterations: number;
  passes: number;
  distanceWeight: number;
  knownWeight: number;
  band: number;
  coherence: number;
  /** Random-search window (px) at the levels finer than the coarsest. */
  refineRadius: number;
  /** Cost per patch pixel of a source whose colour is rare on the border (the subject). */
  rarityWeight: number;
  /** Depth of the border ring (share of each side) whose colours count as background. */
  rarityRing: number;
  seam: SeamOptions;
  /** Depth (share of the original's sides) of the edge band the smooth background comes from. */
  backgroundBand: number;
  far: FarBlendOptions;
  /**
   * `far.sharpUntil` and `far.calmFrom` for bands that are fully texture-like (see
   * stationarity.ts): a star field or sand keeps being patch-synthesised far out; bands in between
   * get distances in between.
   */
  textureFar: { sharpUntil: number; calmFrom: number; sharpGrain: number };
}

/** Defaults chosen on the bench (quality proxies and montages) within the speed targets. */
export const DEFAULT_FILL_OPTIONS: FillOptions = {
  coarsestSide: 96,
  minOriginalSide: 14,
  searchBudget: 20_000,
  patchRadius: 2,
  iterations: 3,
  passes: 2,
  distanceWeight: 15000,
  knownWeight: 2,
  band: 0.12,
  coherence: 0.6,
  refineRadius: 2,
  rarityWeight: 20000,
  rarityRing: 0.08,
  seam: { smoothRadius: 12, falloff: 0.05 },
  backgroundBand: 0.1,
  far: { sharpUntil: 0.03, calmFrom: 0.25, defocus: 0.025, grain: 1, sharpGrain: 0 },
  textureFar: { sharpUntil: 4, calmFrom: 4, sharpGrain: 0.5 },
};

/**
 * Extends `original` onto the canvas: returns the canvas pixels (same channel count), with the
 * original copied bit for bit at its offset and only the new area synthesised.
 */
export function outpaintFill(
  original: Raster,
  placement: CanvasPlacement,
  seed: number,
  defaults: FillOptions = DEFAULT_FILL_OPTIONS,
): Uint8Array {
  const rng = createRng(seed);
  const floatOriginal = toFloat(original);
  const options = withTextureReach(defaults, floatOriginal, placement);
  // Patches are only synthesised where they stay visible: up to `calmFrom` from the original.
  const work = workingArea(original, placement, options);
  const coarsest = coarsestExponent(original, work, options);
  const coarsestFull = coarsestExponent(original, placement, options);
  const unknownArea = work.width * work.height - original.width * original.height;
  let finest = 0;
  while (finest < coarsest && unknownArea / 4 ** finest > options.searchBudget) finest++;

  // Sources from fine to coarse, each resized from the previous one.
  const sources: Raster<Float32Array>[] = [];
  let finer = floatOriginal;
  for (let k = finest; k <= Math.max(coarsest, coarsestFull); k++) {
    const width = Math.max(1, Math.round(original.width / 2 ** k));
    const height = Math.max(1, Math.round(original.height / 2 ** k));
    finer =
      finer.width === width && finer.height === height ? finer : resizeArea(finer, width, height);
    sources[k] = finer;
  }

  let previous: { level: Level; nnf: Nnf } | undefined;
  for (let k = coarsest; k >= finest; k--) {
    const level = makeLevel(floatOriginal, sources[k]!, work, 2 ** k, options.patchRadius);
    const nnf = createNnf(level);
    if (previous) {
      upsampleNnf(previous.level, previous.nnf, level, nnf);
      vote(level, nnf);
    } else {
      // Start from random copies of the band next to each edge, averaged by the vote: the
      // background's colour. (A smooth push-pull continuation, measured first, smeared whatever
      // touches the edge, a saucer or a shoulder, across the new area, and the search cloned it.)
      initNnf(level, nnf, rng, Math.min(level.source.width, level.source.height) * options.band);
      vote(level, nnf);
    }
    const iterations =
      k === coarsest ? options.iterations : Math.max(1, options.iterations >> (coarsest - k));
    const searchRadius = k === coarsest ? Infinity : options.refineRadius;
    const rarity = colourRarity(level.source, options.rarityRing);
    for (let it = 0; it < iterations; it++) {
      patchMatch(level, nnf, rng, { ...options, searchRadius, rarity });
      vote(level, nnf);
    }
    previous = { level, nnf };
  }
  if (!previous) throw new Error('outpaintFill: no pyramid level was built');
  const patched = composeFullResolution(original, work, previous.level, previous.nnf);
  correctSeams(patched, original, work, options.seam);

  const backgroundLevel = makeLevel(
    floatOriginal,
    sources[coarsestFull]!,
    placement,
    2 ** coarsestFull,
    options.patchRadius,
  );
  const rarity = colourRarity(backgroundLevel.source, options.rarityRing);
  const field = backgroundField(backgroundLevel, rarity, options.backgroundBand);
  return blendFar(
    original,
    placement,
    { ...work, pixels: patched, level: previous.level },
    { level: backgroundLevel, field },
    rng,
    options.far,
  );
}

/**
 * Stretches the patch-synthesised zone by how texture-like the extended edges' bands are, and
 * lets the search use their rare colours too.
 */
function withTextureReach(
  options: FillOptions,
  original: Raster<Float32Array>,
  placement: CanvasPlacement,
): FillOptions {
  const edges = {
    left: placement.offsetX > 0,
    right: placement.offsetX + original.width < placement.width,
    top: placement.offsetY > 0,
    bottom: placement.offsetY + original.height < placement.height,
  };
  const texture = edgeStationarity(original, edges, options.backgroundBand);
  if (texture === 0) return options;
  const { far, textureFar } = options;
  return {
    ...options,
    // In a texture, rare colours (stars, pebbles) belong to the texture, not to a subject.
    rarityWeight: options.rarityWeight * (1 - texture),
    // The zone is much larger: a finer finest level keeps the copied blocks from tiling.
    searchBudget: options.searchBudget * (1 + TEXTURE_BUDGET_GAIN * texture),
    far: {
      ...far,
      sharpUntil: far.sharpUntil + (textureFar.sharpUntil - far.sharpUntil) * texture,
      calmFrom: far.calmFrom + (textureFar.calmFrom - far.calmFrom) * texture,
      sharpGrain: far.sharpGrain + (textureFar.sharpGrain - far.sharpGrain) * texture,
    },
  };
}

const TEXTURE_BUDGET_GAIN = 3;

/** The canvas cropped to `far.calmFrom` (plus a little) around the original, in canvas px. */
function workingArea(
  original: Raster,
  placement: CanvasPlacement,
  options: FillOptions,
): CanvasPlacement & { x: number; y: number } {
  const margin = Math.ceil(options.far.calmFrom * Math.min(original.width, original.height)) + 2;
  const x = Math.max(0, placement.offsetX - margin);
  const y = Math.max(0, placement.offsetY - margin);
  const right = Math.min(placement.width, placement.offsetX + original.width + margin);
  const bottom = Math.min(placement.height, placement.offsetY + original.height + margin);
  return {
    x,
    y,
    width: right - x,
    height: bottom - y,
    offsetX: placement.offsetX - x,
    offsetY: placement.offsetY - y,
  };
}

function coarsestExponent(
  original: Raster,
  placement: { width: number; height: number },
  options: FillOptions,
): number {
  const longest = Math.max(placement.width, placement.height);
  const shortestOriginal = Math.min(original.width, original.height);
  const bySide = Math.ceil(Math.log2(longest / options.coarsestSide));
  const byOriginal = Math.floor(Math.log2(shortestOriginal / options.minOriginalSide));
  return Math.max(0, Math.min(bySide, byOriginal));
}
