import type { DefectOptions, DefectPart, DefectScore } from './defect-score';
import { DEFECT_PARTS, defectScore } from './defect-score';
import type { CanvasPlacement, Raster } from './raster';
import type { FillContext, ShiftMapOptions } from './shift-map-fill';
import { DEFAULT_SHIFT_MAP_OPTIONS, fillContext, planFill, renderFill } from './shift-map-fill';

/** 'auto': the search chooses where the original sits (and the seed); 'fixed': only the seed. */
export type PlacementMode = 'auto' | 'fixed';

export interface SearchOptions {
  /** Seeds tried on the coarse canvas for the best placement (the caller's seed first). */
  seeds: number;
  /** Placements tried along a growing axis, as shares of the room (0 start, 1 end)... */
  positions: readonly number[];
  /** ...and along the second axis when it has at least `crossRoom` times the first's room. */
  crossPositions: readonly number[];
  crossRoom: number;
  /**
   * Share by which another placement must score better than the centred one to be chosen: one
   * end makes one side grow twice as far, which the predictor undervalues (a cliff or a bank
   * repeated in columns), and centred is what a user expects.
   */
  centreBias: number;
  /** New pixels of the coarse working canvas on which placements are compared. */
  searchPixels: number;
  defects: DefectOptions;
  /**
   * The confidence is a logistic of the predictor's parts, fitted to the results judged at full
   * size (bench/verdicts.md): `1 / (1 + exp(-(bias - sum of weight times part)))`.
   */
  confidence: { bias: number; weights: Record<DefectPart, number> };
}

export const DEFAULT_SEARCH_OPTIONS: SearchOptions = {
  seeds: 2,
  positions: [0, 0.25, 0.5, 0.75, 1],
  crossPositions: [0, 0.5, 1],
  crossRoom: 0.5,
  centreBias: 0.25,
  searchPixels: 3000,
  defects: {
    seamVisible: 24,
    busyWeight: 2,
    straightRun: 6,
    straightWeight: 3,
    longRun: 12,
    textureVisible: 225,
    distinctive: 0.5,
    edgeDepth: 0.15,
    stacking: { lagShare: 0.5, slideTolerance: 0, structureVisible: 48 },
    seamWeight: 1,
    longSeamWeight: 0,
    textureWeight: 0,
    fragmentWeight: 40,
    edgeWeight: 0,
    stackingWeight: 0,
  },
  confidence: {
    bias: 1.16,
    weights: { seams: 0, straight: 0, texture: 0, fragments: 0, edge: 0, stacking: 12.0 },
  },
};

export interface ChosenFill {
  pixels: Uint8Array;
  /** Where the original's top-left corner ended up on the canvas. */
  offsetX: number;
  offsetY: number;
  /** 0..1: how likely the fill shows no visible defect (0.5 is the decision threshold). */
  confidence: number;
  score: DefectScore;
}

/**
 * Chooses, then fills. In 'auto' mode each candidate placement (start, centre, end and between
 * on each growing axis) is labelled on a coarse working canvas and scored by the defect
 * predictor, and the best one is tried with a few more seeds; in 'fixed' mode the placement is
 * kept and only the seeds are compared. The winner alone is labelled at the working scale and
 * rendered at full size; its confidence comes from that labelling's score. `rank` 1, 2, … takes
 * the second, third, … best placement instead (a regeneration: a different look, not a repeat of
 * the first result's flaws), wrapping round when there are fewer.
 */
export function chooseAndFill(
  original: Raster,
  canvas: CanvasPlacement,
  mode: PlacementMode,
  seed: number,
  options: ShiftMapOptions = DEFAULT_SHIFT_MAP_OPTIONS,
  search: SearchOptions = DEFAULT_SEARCH_OPTIONS,
  rank = 0,
): ChosenFill {
  const context = fillContext(original, canvas, options);
  const placements = mode === 'auto' ? candidatePlacements(canvas, original, search) : [canvas];
  const chosen = bestCoarse(context, placements, seed, search, rank);
  const plan = planFill(context, chosen.placement, chosen.seed);
  const score = defectScore(plan, search.defects);
  return {
    pixels: renderFill(context, plan),
    offsetX: plan.placement.offsetX,
    offsetY: plan.placement.offsetY,
    confidence: confidenceOf(score, search.confidence),
    score,
  };
}

/** The confidence (0..1) for a defect score: a logistic of its weighted parts. */
export function confidenceOf(score: DefectScore, calibration: SearchOptions['confidence']): number {
  let z = calibration.bias;
  for (const part of DEFECT_PARTS) z -= calibration.weights[part] * score[part];
  return 1 / (1 + Math.exp(-z));
}

/**
 * The candidate placements of an original on a canvas: along the axis with more room, every
 * share of `positions` with the other axis centred; along the other axis, when it has at least
 * `crossRoom` times as much room, every share of `crossPositions` with the first centred (the
 * canvas rules grow a second axis a little, where the original sits matters less than the
 * time it costs). Deduplicated.
 */
export function candidatePlacements(
  canvas: CanvasPlacement,
  original: { width: number; height: number },
  search: SearchOptions,
): CanvasPlacement[] {
  const roomX = canvas.width - original.width;
  const roomY = canvas.height - original.height;
  const at = (room: number, share: number): number => Math.round(share * room);
  const cross =
    Math.min(roomX, roomY) >= search.crossRoom * Math.max(roomX, roomY)
      ? search.crossPositions
      : [];
  const pairs: [number, number][] =
    roomX >= roomY
      ? [
          ...search.positions.map((f): [number, number] => [at(roomX, f), at(roomY, 0.5)]),
          ...cross.map((f): [number, number] => [at(roomX, 0.5), at(roomY, f)]),
        ]
      : [
          ...search.positions.map((f): [number, number] => [at(roomX, 0.5), at(roomY, f)]),
          ...cross.map((f): [number, number] => [at(roomX, f), at(roomY, 0.5)]),
        ];
  const seen = new Set<string>();
  return pairs.flatMap(([offsetX, offsetY]) => {
    const key = `${offsetX},${offsetY}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ ...canvas, offsetX, offsetY }];
  });
}

/**
 * Placements are compared with this seed, not the caller's, so their order is the same for every
 * version of a result: a regeneration's rank 1 is never the first version's rank 0.
 */
export const PLACEMENT_SEED = 1;

/**
 * The placement and seed whose coarse labelling scores best: every placement with one seed (the
 * `rank`-th best of them, 0 the best), then that placement with the caller's seeds.
 */
function bestCoarse(
  context: FillContext,
  placements: CanvasPlacement[],
  seed: number,
  search: SearchOptions,
  rank: number,
): { placement: CanvasPlacement; seed: number } {
  const scoreOf = (placement: CanvasPlacement, s: number): number =>
    defectScore(planFill(context, placement, s, search.searchPixels), search.defects).total;
  const { width: w, height: h } = context.original;
  const centred = (p: CanvasPlacement): boolean =>
    p.offsetX === Math.round((p.width - w) / 2) && p.offsetY === Math.round((p.height - h) / 2);
  let best = { placement: placements[0]!, seed, total: Infinity };
  if (placements.length > 1) {
    const scored = placements
      .map((placement) => {
        const total = scoreOf(placement, PLACEMENT_SEED);
        const ranked = centred(placement) ? total * (1 - search.centreBias) : total;
        return { placement, total, ranked };
      })
      .sort((a, b) => a.ranked - b.ranked);
    const { placement, total } = scored[rank % scored.length]!;
    best = { placement, seed: PLACEMENT_SEED, total };
  }
  for (const s of seedsFrom(seed, search.seeds)) {
    if (s === best.seed && best.total !== Infinity) continue;
    const total = scoreOf(best.placement, s);
    if (total < best.total) best = { placement: best.placement, seed: s, total };
  }
  return best;
}

/** The seeds a search tries, starting from the caller's own. */
export function seedsFrom(seed: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => seed + i * 7919);
}
