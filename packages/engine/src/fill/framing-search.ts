import { judgeFill } from './confidence';
import type { DefectScore } from './defect-score';
import { DEFECT_PARTS, defectScore, rankingParts } from './defect-score';
import type { ChosenFill, PlacementMode, SearchOptions } from './placement-search';
import {
  candidatePlacements,
  DEFAULT_SEARCH_OPTIONS,
  PLACEMENT_SEED,
  seedsFrom,
} from './placement-search';
import type { PhotoPreview } from './photo-preview';
import type { CanvasPlacement, Raster } from './raster';
import { FillScratch } from './scratch';
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
  /** The kept part's preview and regions, when the caller has made them (the whole photo). */
  photo?: PhotoPreview;
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
  /**
   * The centred placement's bias (1 elsewhere): `ranked` is `total` times it times the share
   * invented.
   */
  bias: number;
  /** The coarse labelling's confidence with the placement seed. */
  confidence: number;
}

const isClean = (candidate: Candidate): boolean => candidate.confidence >= CLEAN_CONFIDENCE;

/**
 * Auto framing keeps the whole photo only when its fill's confidence is at least this, a strict
 * margin above CLEAN_CONFIDENCE: the predictor calls most untrimmed fills of a large new area
 * clean that are not (bench/verdicts.md), and a trim invents less.
 */
export const WHOLE_CLEAN_CONFIDENCE = 0.8;

/** The best placements of the frame chosen whose seeds are compared together. */
const JOINT_PLACEMENTS = 2;

/**
 * Searches frames (trims), placements and seeds with the defect predictor. The largest trim the
 * trim-side rules allow comes first, as it leaves the least to invent; when the whole photo is
 * offered (Auto framing) it comes first instead only when its best fill is clean by a strict
 * margin (WHOLE_CLEAN_CONFIDENCE, judged coarse and, only when it passes there, on the
 * working-scale plan that would be rendered), else it comes last. Within a frame, placements the
 * predictor calls clean come first, then by score; the best few are compared with the caller's
 * seeds together. `rank` 1, 2, … walks the same order (a regeneration): the first frame's
 * placements, then the next frame's. Every frame's labelling works in `scratch` (see
 * `FillScratch`): a pool worker passes the one it keeps.
 */
export function chooseFramedFill<F extends Frame>(
  choice: FrameChoice<F>,
  mode: PlacementMode,
  seed: number,
  options: ShiftMapOptions = DEFAULT_SHIFT_MAP_OPTIONS,
  search: SearchOptions = DEFAULT_SEARCH_OPTIONS,
  rank = 0,
  scratch = new FillScratch(),
): FramedFill<F> {
  const frames: F[] = choice.whole ? [choice.whole] : [];
  const contexts: FillContext[] = [];
  const scored: Candidate[][] = [];
  const contextOf = (i: number): FillContext =>
    (contexts[i] ??= fillContext(
      frames[i]!.original,
      frames[i]!.canvas,
      options,
      scratch,
      frames[i]!.photo,
    ));
  const coarse = (i: number): Candidate[] =>
    (scored[i] ??= rankOrder(
      coarseCandidates(contextOf(i), frames[i]!, i, mode, search, i > 0 && !!choice.whole),
    ));
  const finished = (i: number, candidate: Candidate) => {
    const context = contextOf(i);
    return {
      ...finish(context, candidate, planOf(context, candidate), search),
      frame: frames[i]!,
    };
  };

  let wholeClean = false;
  if (choice.whole) {
    // The coarse judgement first: only a whole photo that is clean by the margin there is given
    // its seeds and planned at the working scale (which it then is rendered from) to be sure.
    const first = coarse(0)[0]!;
    if (first.confidence >= WHOLE_CLEAN_CONFIDENCE) {
      const best = withBestSeed(contextOf(0), first, seed, search);
      const plan = planOf(contextOf(0), best);
      wholeClean =
        !plan ||
        judgeFill(plan, undefined, search.defects, search.confidence).confidence >=
          WHOLE_CLEAN_CONFIDENCE;
      if (wholeClean && rank === 0) {
        return { ...finish(contextOf(0), best, plan, search), frame: frames[0]! };
      }
    }
  }
  frames.push(...choice.trims());
  const trims = frames
    .map((_, i) => i)
    .filter((i) => !choice.whole || i > 0)
    .sort((a, b) => frames[b]!.trim - frames[a]!.trim || a - b);
  const order = choice.whole ? (wholeClean ? [0, ...trims] : [...trims, 0]) : trims;
  // The rank-th candidate in that order, or undefined past the last.
  const pick = (at: number) => {
    let left = at;
    for (const i of order) {
      const candidates = coarse(i);
      if (left < candidates.length) {
        const context = contextOf(i);
        const chosen =
          left === 0
            ? jointBest(context, candidates, seed, search)
            : withBestSeed(context, candidates[left]!, seed, search);
        return finished(i, chosen);
      }
      left -= candidates.length;
    }
    return undefined;
  };
  return pick(rank) ?? pick(rank % order.reduce((sum, i) => sum + coarse(i).length, 0))!;
}

/**
 * The frame's best placements (as many as JOINT_PLACEMENTS, those as clean as the best) each with
 * the caller's seeds, keeping whichever scores best, the centred placement's bias included.
 */
function jointBest(
  context: FillContext,
  candidates: Candidate[],
  seed: number,
  search: SearchOptions,
): Candidate {
  const tried = candidates
    .slice(0, JOINT_PLACEMENTS)
    .filter((c) => isClean(c) === isClean(candidates[0]!))
    .map((c) => withBestSeed(context, c, seed, search));
  return tried.reduce((best, c) => (c.total * c.bias < best.total * best.bias ? c : best));
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
      const candidate = { frame: index, placement, seed: PLACEMENT_SEED, total: 0, ranked: 0 };
      return { ...candidate, bias: 1, confidence: 1 };
    }
    const plan = planFill(context, placement, PLACEMENT_SEED, search.searchPixels);
    const { score, confidence } = judgeFill(
      plan,
      undefined,
      search.defects,
      search.confidence,
      rankingParts(search.defects),
    );
    const centred =
      placement.offsetX === Math.round((placement.width - w) / 2) &&
      placement.offsetY === Math.round((placement.height - h) / 2);
    // Frames are compared by how much they would show wrong: the score (per side, per share of
    // the new area) times the share of the canvas they invent. Within a frame the factor is one
    // and the same, so placements rank as in `chooseAndFill`.
    const invented = 1 - (w * h) / (placement.width * placement.height);
    const bias = centred ? 1 - search.centreBias : 1;
    const ranked = score.total * bias * invented;
    const { total } = score;
    return {
      frame: index,
      placement,
      seed: PLACEMENT_SEED,
      total,
      ranked,
      bias,
      confidence,
    };
  });
}

/** Clean first, then by score; a tie keeps the earlier frame (less trimmed). */
function rankOrder(candidates: Candidate[]): Candidate[] {
  return [...candidates].sort(
    (a, b) => Number(isClean(b)) - Number(isClean(a)) || a.ranked - b.ranked || a.frame - b.frame,
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
      rankingParts(search.defects),
    ).total;
    if (total < best.total) best = { ...candidate, seed: s, total };
  }
  return best;
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

/** The score of a frame with nothing to fill. */
function cleanScore(): DefectScore {
  const score = { total: 0 } as DefectScore;
  for (const part of DEFECT_PARTS) score[part] = 0;
  return score;
}
