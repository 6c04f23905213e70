import type { DefectOptions, DefectScore } from './defect-score';
import { defectScore } from './defect-score';
import type { CanvasPlacement, Raster } from './raster';
import type { FillContext, FillPlan, ShiftMapOptions } from './shift-map-fill';
import { DEFAULT_SHIFT_MAP_OPTIONS, fillContext, planFill, renderFill } from './shift-map-fill';

/** 'auto': the search chooses where the original sits (and the seed); 'fixed': only the seed. */
export type PlacementMode = 'auto' | 'fixed';

export interface SearchOptions {
  /** Seeds tried per placement (on the coarse canvas for 'auto', at the working scale for 'fixed'). */
  seeds: number;
  /** Placements tried along a growing axis, as shares of the room (0 start, 1 end)... */
  positions: readonly number[];
  /** ...and along the second axis when both grow. */
  crossPositions: readonly number[];
  /** New pixels of the coarse working canvas on which placements are compared. */
  searchPixels: number;
  defects: DefectOptions;
  /** The defect score at which the confidence is 0.5, and the score span over which it falls. */
  confidence: { midpoint: number; spread: number };
}

export const DEFAULT_SEARCH_OPTIONS: SearchOptions = {
  seeds: 2,
  positions: [0, 0.25, 0.5, 0.75, 1],
  crossPositions: [0, 0.5, 1],
  searchPixels: 3000,
  defects: {
    seamVisible: 24,
    busyWeight: 2,
    straightRun: 6,
    straightWeight: 3,
    distinctive: 0.5,
    echoWidths: [0.08, 0.12, 0.16, 0.2, 0.25, 0.3, 0.4, 0.5],
    seamWeight: 1,
    fragmentWeight: 20,
    echoWeight: 10,
  },
  confidence: { midpoint: 10, spread: 3 },
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
 * on each growing axis) is labelled with a few seeds on a coarse working canvas and scored by
 * the defect predictor; the best placement is then labelled at the working scale with a few
 * seeds, and only the best of those is rendered at full size. In 'fixed' mode the placement is
 * kept and only the seeds are compared.
 */
export function chooseAndFill(
  original: Raster,
  canvas: CanvasPlacement,
  mode: PlacementMode,
  seed: number,
  options: ShiftMapOptions = DEFAULT_SHIFT_MAP_OPTIONS,
  search: SearchOptions = DEFAULT_SEARCH_OPTIONS,
): ChosenFill {
  const context = fillContext(original, options);
  // 'auto' takes the coarse search's placement and seed; 'fixed' compares its seeds here.
  const chosen =
    mode === 'auto'
      ? [bestPlacement(context, canvas, seed, search)]
      : seedsFrom(seed, search.seeds).map((s) => ({ placement: canvas, seed: s }));
  let best: { plan: FillPlan; score: DefectScore } | undefined;
  for (const { placement, seed: s } of chosen) {
    const plan = planFill(context, placement, s);
    const score = defectScore(plan, search.defects);
    if (!best || score.total < best.score.total) best = { plan, score };
  }
  const { plan, score } = best!;
  return {
    pixels: renderFill(context, plan),
    offsetX: plan.placement.offsetX,
    offsetY: plan.placement.offsetY,
    confidence: confidenceOf(score.total, search.confidence),
    score,
  };
}

/** The confidence (0..1) for a defect score: a logistic falling through 0.5 at the midpoint. */
export function confidenceOf(total: number, calibration: SearchOptions['confidence']): number {
  return 1 / (1 + Math.exp((total - calibration.midpoint) / calibration.spread));
}

/**
 * The candidate placements of an original on a canvas: along the axis with more room, every
 * share of `positions` with the other axis centred; along the other axis (when it grows too),
 * every share of `crossPositions` with the first centred. Deduplicated.
 */
export function candidatePlacements(
  canvas: CanvasPlacement,
  original: { width: number; height: number },
  search: SearchOptions,
): CanvasPlacement[] {
  const roomX = canvas.width - original.width;
  const roomY = canvas.height - original.height;
  const at = (room: number, share: number): number => Math.round(share * room);
  const pairs: [number, number][] =
    roomX >= roomY
      ? [
          ...search.positions.map((f): [number, number] => [at(roomX, f), at(roomY, 0.5)]),
          ...search.crossPositions.map((f): [number, number] => [at(roomX, 0.5), at(roomY, f)]),
        ]
      : [
          ...search.positions.map((f): [number, number] => [at(roomX, 0.5), at(roomY, f)]),
          ...search.crossPositions.map((f): [number, number] => [at(roomX, f), at(roomY, 0.5)]),
        ];
  const seen = new Set<string>();
  return pairs.flatMap(([offsetX, offsetY]) => {
    const key = `${offsetX},${offsetY}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ ...canvas, offsetX, offsetY }];
  });
}

/** The placement and seed whose coarse labelling scores best. */
function bestPlacement(
  context: FillContext,
  canvas: CanvasPlacement,
  seed: number,
  search: SearchOptions,
): { placement: CanvasPlacement; seed: number } {
  let best = { placement: canvas, seed };
  let bestScore = Infinity;
  for (const placement of candidatePlacements(canvas, context.original, search)) {
    for (const s of seedsFrom(seed, search.seeds)) {
      const plan = planFill(context, placement, s, search.searchPixels);
      const total = defectScore(plan, search.defects).total;
      if (total < bestScore) {
        bestScore = total;
        best = { placement, seed: s };
      }
    }
  }
  return best;
}

/** The seeds a search tries, starting from the caller's own. */
function seedsFrom(seed: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => seed + i * 7919);
}
