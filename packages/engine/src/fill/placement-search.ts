import type { Calibration } from './confidence';
import { judgeFill } from './confidence';
import type { DefectOptions, DefectScore } from './defect-score';
import { DEFECT_PARTS, defectScore, rankingParts } from './defect-score';
import type { CanvasPlacement, Raster } from './raster';
import type { FillContext, ShiftMapOptions } from './shift-map-fill';
import { FillScratch } from './scratch';
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
  /** The winner's confidence, from its predicted defects (see confidence.ts). */
  confidence: Calibration;
  /**
   * Measure every part of the winner's score (the bench), not only the parts the confidence
   * reads.
   */
  measureAll: boolean;
}

/** The reasons for the numbers are in README.md, "Choose, then fill" and the parts after it. */
export const DEFAULT_SEARCH_OPTIONS: SearchOptions = {
  seeds: 2, // the caller's seed, then one more on the best placement
  positions: [0, 0.25, 0.5, 0.75, 1], // start, quarters and end of the room on the roomier axis
  crossPositions: [0, 0.5, 1], // start, centre and end on the other axis, when it has room
  crossRoom: 0.5, // the other axis is searched from half the roomier axis's room
  centreBias: 0.25, // another placement must score 25 % better than centred to be chosen
  searchPixels: 3000, // new pixels of the coarse labellings compared (20,000 at the working scale)
  defects: {
    seamVisible: 24, // colour difference at which a seam between two copies is fully visible
    busyWeight: 2, // how much the copies' own steps across a seam hide it
    straightRun: 6, // a seam straight over this many working px...
    straightWeight: 3, // ...counts this many times over in `seams`
    longRun: 12, // seams straight over this many working px are hard straight seams (`straight`)
    textureVisible: 225, // squared texture difference at which a seam shows as a box
    distinctive: 0.5, // rarity from which a copied pixel is a fragment
    edgeDepth: 0.15, // share of the original beside its edge that `edge` counts as the edge
    stacking: {
      lagShare: 0.5, // repeats within half the original's size across the side count
      // 0: only repeats in line count; counting those slid by the copies' slides (2 px) did not
      // separate the judged results better (EXPERIMENTS.md, "Part 4")
      slideTolerance: 0,
      structureVisible: 48, // colour difference one period away at which a repeat fully shows
    },
    rendered: {
      minRun: 8, // a rendered seam is straight from 8 working px
      window: 8, // straight seams are judged in pieces of 8 working px
      stepVisible: 6, // luma step across a seam on smooth ground at which it fully shows
      textureHides: 2, // how much the ground's own texture hides a step
      textureVisible: 8, // texture difference across a seam at which a box shows
    },
    islands: { maxShare: 0.03 }, // copy regions up to 3 % of the new area are fragments
    lineBreaks: {
      edgeLevel: 24, // luma gradient from which an edge is a line
      runIn: 3, // px a line must run on its own side of the seam...
      carried: 0.6, // ...keeping this share of its gradient at each px...
      straight: 0.7, // ...its gradient along it at most this share of the one across
      reach: 2, // px across the line its continuation may lie beyond the seam
    },
    // The ranking: seams plus 40 times fragments (README, "Choose, then fill", step 4).
    seamWeight: 1, // visible seams, the main thing the ranking avoids
    // 0: hard straight seams are already counted `straightWeight` times over in `seams`
    longSeamWeight: 0,
    // 0: ranking by texture and fragments moved 14 of 24 results, none better, the meadow's
    // ridge into a step (EXPERIMENTS.md, "Part 3"); the confidence reads it instead
    textureWeight: 0,
    fragmentWeight: 40, // distinctive content copied: a boat in the sky outweighs some seams
    // 0: the edge repeated did not tell good fills from bad (a forest beside a forest scores as
    // high as a stacked head; README, "Choose, then fill")
    edgeWeight: 0,
    // 0: ranking by stacking moved 8 failures and none became publishable, two got worse
    // (EXPERIMENTS.md, "Part 4"); the confidence reads it instead
    stackingWeight: 0,
  },
  // The confidence's logistic, fitted by `npm run bench:confidence` (README, step 5).
  confidence: {
    bias: -4.957, // the log-odds of a clean fill where every part read is 1 - PART_FLOOR
    weights: { stacking: 1.037, boxes: 0.122, islands: 0.373, lineBreaks: 1.211 },
  },
  measureAll: false, // production measures only what the ranking and the confidence read
};

export interface ChosenFill {
  pixels: Uint8Array;
  /** Where the original's top-left corner ended up on the canvas. */
  offsetX: number;
  offsetY: number;
  /** 0..1: how likely the fill shows no visible defect (0.5 is the decision threshold). */
  confidence: number;
  /** The parts the confidence reads (every part when the search's `measureAll` asks). */
  score: DefectScore;
}

/**
 * Chooses, then fills. In 'auto' mode each candidate placement (start, centre, end and between
 * on each growing axis) is labelled on a coarse working canvas and scored by the defect
 * predictor, and the best one is tried with a few more seeds; in 'fixed' mode the placement is
 * kept and only the seeds are compared. The winner alone is labelled at the working scale and
 * rendered at full size; its confidence comes from that labelling's score. `rank` 1, 2, … takes
 * the second, third, … best placement instead (a regeneration: a different look, not a repeat of
 * the first result's flaws), wrapping round when there are fewer. `scratch` is the working memory
 * (see `FillScratch`): a pool worker passes the one it keeps.
 */
export function chooseAndFill(
  original: Raster,
  canvas: CanvasPlacement,
  mode: PlacementMode,
  seed: number,
  options: ShiftMapOptions = DEFAULT_SHIFT_MAP_OPTIONS,
  search: SearchOptions = DEFAULT_SEARCH_OPTIONS,
  rank = 0,
  scratch = new FillScratch(),
): ChosenFill {
  const context = fillContext(original, canvas, options, scratch);
  const placements = mode === 'auto' ? candidatePlacements(canvas, original, search) : [canvas];
  const chosen = bestCoarse(context, placements, seed, search, rank);
  const plan = planFill(context, chosen.placement, chosen.seed);
  const pixels = renderFill(context, plan);
  const { score, confidence } = judgeFill(
    plan,
    pixels,
    search.defects,
    search.confidence,
    search.measureAll ? new Set(DEFECT_PARTS) : undefined,
  );
  return {
    pixels,
    offsetX: plan.placement.offsetX,
    offsetY: plan.placement.offsetY,
    confidence,
    score,
  };
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
  const parts = rankingParts(search.defects);
  const scoreOf = (placement: CanvasPlacement, s: number): number =>
    defectScore(planFill(context, placement, s, search.searchPixels), search.defects, parts).total;
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
