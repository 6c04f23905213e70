import { boxBlur } from './box-blur';
import { detailEnergy } from './detail-energy';
import { edgeRarity, rarityAt } from './edge-rarity';
import type { GuidanceOptions } from './guidance';
import { guidance } from './guidance';
import type { Level } from './level';
import { makeLevel } from './level';
import type { Nnf } from './nnf';
import { createNnf, initNnf, sourceBands, upsampleNnf } from './nnf';
import type { PatchCostOptions } from './patch-cost';
import { makePatchCost, updateUsage } from './patch-cost';
import { patchMatch } from './patch-match';
import type { CanvasPlacement, Raster } from './raster';
import { resizeArea, toFloat } from './raster';
import type { EnergyMaps, RenderOptions } from './render';
import { renderCanvas } from './render';
import { createRng } from './rng';
import type { SeamOptions } from './seam';
import { correctSeams } from './seam';
import { edgeStationarity } from './stationarity';
import { vote } from './vote';

export interface FillOptions {
  /**
   * The original's shortest side at the coarsest level is at least this and under twice this,
   * in px: where structure (horizons, layout, which parts continue) is decided. Tied to the
   * original rather than the canvas, so the same photo gets the same decisions at any size.
   */
  coarsestOriginalSide: number;
  /** Unknown pixels the search may touch at its finest level; finer than that, detail is copied. */
  searchBudget: number;
  /** Patch radius (5x5 patches at 2). */
  patchRadius: number;
  /** EM iterations (search then vote) at the coarsest level, and at each finer level. */
  coarseIterations: number;
  fineIterations: number;
  /** Random-search window (px) at the levels finer than the coarsest. */
  refineRadius: number;
  /** In-band random candidates per pixel and pass at the coarsest level. */
  bandSamples: number;
  /** Depth of the band sources come from, as a share of the side across the edge. */
  band: number;
  /** Depth of the edge strip that decides which colours are common (see edge-rarity.ts). */
  rarityStrip: number;
  /** Vote weight decay per px of distance from the original (see vote.ts). */
  confidence: number;
  cost: Omit<PatchCostOptions, 'guideWeight'>;
  guidance: GuidanceOptions;
  /** Weight of the guidance at the coarsest level; halved at each finer level while it applies. */
  guideWeight: number;
  /** How many levels, from the coarsest, are pulled towards the guidance. */
  guideLevels: number;
  render: RenderOptions;
  /** Quantile of the original's detail energy taken as its plain parts' (see energyMaps)... */
  grainFloor: number;
  /** ...and how many times that the grain may add at most. */
  grainCap: number;
  seam: SeamOptions;
  /**
   * `render.sharpUntil` and `render.calmFrom` for edges that are fully texture-like (see
   * stationarity.ts): a star field or sand stays sharp all the way out; edges in between get
   * distances in between.
   */
  textureReach: number;
}

/** Defaults chosen on the bench (quality proxies and montages) within the speed targets. */
export const DEFAULT_FILL_OPTIONS: FillOptions = {
  coarsestOriginalSide: 32,
  searchBudget: 120_000,
  patchRadius: 2,
  coarseIterations: 8,
  fineIterations: 1,
  refineRadius: 4,
  bandSamples: 2,
  band: 0.3,
  rarityStrip: 0.06,
  confidence: 1.3,
  cost: { knownWeight: 2, alongWeight: 3000, rarityWeight: 6000, occurrenceWeight: 10 },
  guidance: { base: 0.04, spread: 0.5 },
  guideWeight: 1,
  guideLevels: 2,
  render: { splitRadius: 2, sharpUntil: 0.15, calmFrom: 0.6, defocus: 0.02, grain: 1 },
  grainFloor: 0.4,
  grainCap: 4,
  seam: { smoothRadius: 12, falloff: 0.05 },
  textureReach: 4,
};

/**
 * Extends `original` onto the canvas: returns the canvas pixels (same channel count), with the
 * original copied bit for bit at its offset and only the new area synthesised.
 *
 * Coarse to fine, each level runs EM (Wexler et al. 2007): PatchMatch finds, for every new
 * pixel's patch, a patch of the original near the edge it continues, and a vote turns the matches
 * into the canvas. Coarse levels lean on a smooth continuation of the edges (guidance.ts), so the
 * layout follows the photo; the finest searched level's matches then copy full-resolution detail.
 */
export function outpaintFill(
  original: Raster,
  placement: CanvasPlacement,
  seed: number,
  defaults: FillOptions = DEFAULT_FILL_OPTIONS,
): Uint8Array {
  const rng = createRng(seed);
  const floatOriginal = toFloat(original);
  const options = withTexture(defaults, floatOriginal, placement);
  const shortest = Math.min(original.width, original.height);
  const coarsest = Math.max(0, Math.floor(Math.log2(shortest / options.coarsestOriginalSide)));
  const unknownArea = placement.width * placement.height - original.width * original.height;
  let finest = 0;
  while (finest < coarsest && unknownArea / 4 ** finest > options.searchBudget) finest++;
  const sources = pyramid(floatOriginal, finest, coarsest);
  const rarity = edgeRarity(sources[coarsest]!, options.rarityStrip);

  let searched: Searched | undefined;
  for (let k = coarsest; k >= finest; k--) {
    const level = makeLevel(floatOriginal, sources[k]!, placement, 2 ** k, options.patchRadius);
    const levelRarity = rarityAt(rarity, level.source.width, level.source.height);
    searched = searchLevel(level, levelRarity, searched, coarsest - k, rng, options);
  }
  if (!searched) throw new Error('outpaintFill: no pyramid level was built');

  const out = renderCanvas(
    original,
    placement,
    searched.level,
    searched.nnf,
    energyMaps(original, searched, options),
    rng,
    options.render,
  );
  correctSeams(out, original, placement, options.seam);
  return out;
}

/** A searched level: its voted canvas, its matches, and the rarity it was searched with. */
interface Searched {
  level: Level;
  nnf: Nnf;
  rarity: Float32Array[];
}

/**
 * EM at one level, `depth` levels below the coarsest: starts from the coarser level's matches
 * (or random copies from the bands at the coarsest), then searches and votes.
 */
function searchLevel(
  level: Level,
  rarity: Float32Array[],
  coarser: Searched | undefined,
  depth: number,
  rng: () => number,
  options: FillOptions,
): Searched {
  const nnf = createNnf(level);
  const bands = sourceBands(level, options.band);
  const guided = depth < options.guideLevels;
  const guide = guided ? guidance(level, rarity, options.guidance) : undefined;
  const { width: w, height: h, channels: c } = level.source;
  const usage = new Float32Array(w * h);
  const cost = makePatchCost(
    {
      level,
      bands,
      rarity,
      guide,
      sourceMean: guide ? boxBlur(level.source.data, w, h, c, 1) : undefined,
      usage,
    },
    { ...options.cost, guideWeight: guided ? options.guideWeight / 2 ** depth : 0 },
  );
  // Random copies from the bands, averaged, are the edges' colours: a start the search improves.
  if (coarser) upsampleNnf(coarser.level, coarser.nnf, level, nnf);
  else initNnf(level, nnf, bands, rng);
  vote(level, nnf, options.confidence);
  const search = {
    passes: 2,
    searchRadius: coarser ? options.refineRadius : Infinity,
    bandSamples: coarser ? 0 : options.bandSamples,
    bands,
  };
  const iterations = coarser ? options.fineIterations : options.coarseIterations;
  for (let it = 0; it < iterations; it++) {
    if (options.cost.occurrenceWeight > 0) updateUsage(level, nnf, usage);
    patchMatch(level, nnf, cost, rng, search);
    vote(level, nnf, options.confidence);
  }
  return { level, nnf, rarity };
}

/**
 * The original's detail energy on the searched level, and its continuation onto the canvas,
 * capped: grain imitates the photo's own noise, so it never adds more than `grainCap` times the
 * energy of the photo's plain parts (the `grainFloor` quantile), whatever structure, a tower's
 * lattice say, made the edge nearby busy.
 */
function energyMaps(original: Raster, searched: Searched, options: FillOptions): EnergyMaps {
  const { level } = searched;
  const energy = detailEnergy(original, level.source.width, level.source.height);
  const canvas = { ...level, source: energy, target: new Float32Array(level.W * level.H) };
  const expected = guidance(canvas, searched.rarity, options.guidance);
  const sorted = Float32Array.from(energy.data).sort();
  const plain = sorted[Math.floor(options.grainFloor * (sorted.length - 1))]!;
  const cap = plain * options.grainCap;
  for (let i = 0; i < expected.length; i++) expected[i] = Math.min(expected[i]!, cap);
  return { source: energy.data, expected };
}

/**
 * The options for edges as texture-like as the original's extended ones are (see
 * stationarity.ts): a star field or sand stays sharp all the way out; its rare colours (stars,
 * pebbles) belong to the texture rather than to a subject, so copying them costs nothing extra;
 * and copying one source again and again costs, so the texture does not tile.
 */
function withTexture(
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
  const texture = edgeStationarity(original, edges, 0.1);
  const { sharpUntil, calmFrom } = options.render;
  return {
    ...options,
    cost: {
      ...options.cost,
      rarityWeight: options.cost.rarityWeight * (1 - texture),
      occurrenceWeight: options.cost.occurrenceWeight * texture,
    },
    render: {
      ...options.render,
      sharpUntil: sharpUntil + (options.textureReach - sharpUntil) * texture,
      calmFrom: calmFrom + (options.textureReach - calmFrom) * texture,
    },
  };
}

/** Sources from fine to coarse, each resized from the previous one. */
function pyramid(
  original: Raster<Float32Array>,
  finest: number,
  coarsest: number,
): Raster<Float32Array>[] {
  const sources: Raster<Float32Array>[] = [];
  let finer = original;
  for (let k = finest; k <= coarsest; k++) {
    const width = Math.max(1, Math.round(original.width / 2 ** k));
    const height = Math.max(1, Math.round(original.height / 2 ** k));
    finer =
      finer.width === width && finer.height === height ? finer : resizeArea(finer, width, height);
    sources[k] = finer;
  }
  return sources;
}
