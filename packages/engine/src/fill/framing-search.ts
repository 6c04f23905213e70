import type { DefectScore } from './defect-score';
import { DEFECT_PARTS, defectScore } from './defect-score';
import type { ChosenFill, PlacementMode, SearchOptions } from './placement-search';
import {
  candidatePlacements,
  confidenceOf,
  DEFAULT_SEARCH_OPTIONS,
  PLACEMENT_SEED,
  seedsFrom,
} from './placement-search';
import type { CanvasPlacement, Raster } from './raster';
import type { FillContext, FillPlan, ShiftMapOptions } from './shift-map-fill';
import { DEFAULT_SHIFT_MAP_OPTIONS, fillContext, planFill, renderFill } from './shift-map-fill';

/**
 * The confidence below which a fill is weak. The product's threshold is shared's
 * LOW_CONFIDENCE_BELOW (0.5); the engine imports nothing of ours, so it keeps its own copy.
 */
export const CLEAN_CONFIDENCE = 0.5;

/** One way to frame the photo: the part kept (already cropped) on the canvas that holds it. */
export interface Frame {
  original: Raster;
  /** The canvas for this kept part, its offset the one a 'fixed' placement keeps. */
  canvas: CanvasPlacement;
  /** The share trimmed (0 for the whole photo). */
  trim: number;
}

export interface FramedFill<F extends Frame> extends ChosenFill {
  /** The frame chosen. */
  frame: F;
}

/** The frames to search: the whole photo (when preferred), and the trims, made only if needed. */
export interface FrameChoice<F extends Frame> {
  whole: F | undefined;
  trims: () => readonly F[];
}

interface Candidate {
  /** Index in the frames searched: the whole photo's first, when it is searched. */
  frame: number;
  placement: CanvasPlacement;
  seed: number;
  /** The coarse defect total, and the same with the centred placement's bias. */
  total: number;
  ranked: number;
  clean: boolean;
}

/**
 * Searches frames (trims), placements and seeds together with the defect predictor, like
 * `chooseAndFill` does placements: every frame's placements are labelled on a coarse canvas and
 * scored; those the predictor calls clean come first, then by score. When the whole photo is
 * offered (Auto framing) it wins whenever its best fill is clean, judged coarse and then on the
 * working-scale plan that would be rendered; only when it is not are the trims made and searched. `rank` 1,
 * 2, … walks the same order (a regeneration), trims included.
 */
export function chooseFramedFill<F extends Frame>(
  choice: FrameChoice<F>,
  mode: PlacementMode,
  seed: number,
  options: ShiftMapOptions = DEFAULT_SHIFT_MAP_OPTIONS,
  search: SearchOptions = DEFAULT_SEARCH_OPTIONS,
  rank = 0,
): FramedFill<F> {
  const frames: F[] = choice.whole ? [choice.whole] : [];
  const contexts: FillContext[] = [];
  const scored: Candidate[][] = [];
  const contextOf = (i: number): FillContext =>
    (contexts[i] ??= fillContext(frames[i]!.original, frames[i]!.canvas, options));
  const coarse = (i: number): Candidate[] =>
    (scored[i] ??= coarseCandidates(
      contextOf(i),
      frames[i]!,
      i,
      mode,
      search,
      i > 0 && !!choice.whole,
    ));
  const finished = (context: FillContext, candidate: Candidate, plan: FillPlan | undefined) => ({
    ...finish(context, candidate, plan, search),
    frame: frames[candidate.frame]!,
  });

  let whole: { candidate: Candidate; clean: boolean } | undefined;
  if (choice.whole) {
    // The coarse judgement first: only a whole photo that looks clean there is planned at the
    // working scale (which it then is rendered from) to be sure.
    const first = rankOrder(coarse(0))[0]!;
    const best = withBestSeed(contextOf(0), first, seed, search);
    const plan = first.clean ? planOf(contextOf(0), best) : undefined;
    const clean =
      first.clean &&
      (!plan ||
        confidenceOf(defectScore(plan, search.defects), search.confidence) >= CLEAN_CONFIDENCE);
    if (clean && rank === 0) return finished(contextOf(0), best, plan);
    whole = { candidate: best, clean };
  }
  frames.push(...choice.trims());
  const all = frames.flatMap((_, i) => coarse(i));
  if (whole) {
    // The working-scale judgement of the whole photo's best replaces its coarse one.
    for (const c of all) if (c.frame === 0) c.clean = whole.clean && same(c, whole.candidate);
  }
  const order = rankOrder(all);
  if (whole?.clean) {
    const { candidate } = whole;
    order.splice(
      order.findIndex((c) => same(c, candidate)),
      1,
    );
    order.unshift(candidate);
  }
  const picked = order[rank % order.length]!;
  const context = contextOf(picked.frame);
  const chosen = withBestSeed(context, picked, seed, search);
  return finished(context, chosen, planOf(context, chosen));
}

/**
 * Placements a trimmed frame tries when the whole photo is searched too: the start, centre and
 * end of the room (the whole photo's search already found where the photo wants to sit, and a
 * trim leaves less room for it to matter).
 */
const TRIM_POSITIONS = [0, 0.5, 1];

/** Every placement of a frame scored on the coarse canvas with the placement seed. */
function coarseCandidates(
  context: FillContext,
  frame: Frame,
  index: number,
  mode: PlacementMode,
  search: SearchOptions,
  fewer: boolean,
): Candidate[] {
  const { width: w, height: h } = frame.original;
  const positions = fewer ? { ...search, positions: TRIM_POSITIONS } : search;
  const placements =
    mode === 'auto' ? candidatePlacements(frame.canvas, frame.original, positions) : [frame.canvas];
  return placements.map((placement) => {
    if (placement.width === w && placement.height === h) {
      return { frame: index, placement, seed: PLACEMENT_SEED, total: 0, ranked: 0, clean: true };
    }
    const plan = planFill(context, placement, PLACEMENT_SEED, search.searchPixels);
    const score = defectScore(plan, search.defects);
    const centred =
      placement.offsetX === Math.round((placement.width - w) / 2) &&
      placement.offsetY === Math.round((placement.height - h) / 2);
    // Frames are compared by how much they would show wrong: the score (per side, per share of
    // the new area) times the share of the canvas they invent. Within a frame the factor is one
    // and the same, so placements rank as in `chooseAndFill`.
    const invented = 1 - (w * h) / (placement.width * placement.height);
    const biased = centred ? score.total * (1 - search.centreBias) : score.total;
    const ranked = biased * invented;
    const clean = confidenceOf(score, search.confidence) >= CLEAN_CONFIDENCE;
    return { frame: index, placement, seed: PLACEMENT_SEED, total: score.total, ranked, clean };
  });
}

/** Clean first, then by score; a tie keeps the earlier frame (less trimmed). */
function rankOrder(candidates: Candidate[]): Candidate[] {
  return [...candidates].sort(
    (a, b) => Number(b.clean) - Number(a.clean) || a.ranked - b.ranked || a.frame - b.frame,
  );
}

/** The candidate with the caller's seeds tried too (coarse), keeping whichever scores best. */
function withBestSeed(
  context: FillContext,
  candidate: Candidate,
  seed: number,
  search: SearchOptions,
): Candidate {
  if (candidate.total === 0) return candidate;
  let best = candidate;
  for (const s of seedsFrom(seed, search.seeds)) {
    if (s === best.seed) continue;
    const total = defectScore(
      planFill(context, candidate.placement, s, search.searchPixels),
      search.defects,
    ).total;
    if (total < best.total) best = { ...candidate, seed: s, total };
  }
  return best;
}

function same(a: Candidate, b: Candidate): boolean {
  return (
    a.frame === b.frame &&
    a.placement.offsetX === b.placement.offsetX &&
    a.placement.offsetY === b.placement.offsetY
  );
}

/** The working-scale plan of a candidate; undefined when its frame leaves nothing to fill. */
function planOf(context: FillContext, candidate: Candidate): FillPlan | undefined {
  const { placement } = candidate;
  const { width: w, height: h } = context.original;
  if (placement.width === w && placement.height === h) return undefined;
  return planFill(context, placement, candidate.seed);
}

function finish(
  context: FillContext,
  candidate: Candidate,
  plan: FillPlan | undefined,
  search: SearchOptions,
): ChosenFill {
  if (!plan) {
    return {
      pixels: context.original.data,
      offsetX: 0,
      offsetY: 0,
      confidence: 1,
      score: cleanScore(),
    };
  }
  const score = defectScore(plan, search.defects);
  return {
    pixels: renderFill(context, plan),
    offsetX: plan.placement.offsetX,
    offsetY: plan.placement.offsetY,
    confidence: confidenceOf(score, search.confidence),
    score,
  };
}

/** The score of a frame with nothing to fill. */
function cleanScore(): DefectScore {
  const score = { total: 0 } as DefectScore;
  for (const part of DEFECT_PARTS) score[part] = 0;
  return score;
}
