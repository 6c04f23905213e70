import type { Rect } from './growth';
import { growthSteps, scaleRect } from './growth';
import { expandLabels } from './alpha-expansion';
import type { JudgedRarity, RarityOptions } from './colour-rarity';
import { colourRarity, rarityAt } from './colour-rarity';
import type { CanvasPlacement, Raster } from './raster';
import type { PhotoPreview } from './photo-preview';
import { photoPreview } from './photo-preview';
import { resizeArea } from './raster';
import type { BlendOptions } from './copy-blend';
import { blendCorrection } from './copy-blend';
import type { RegionRarity, RegionRarityOptions } from './region-rarity';
import { createRng } from './rng';
import type { EdgeLine, LineOptions, Side } from './edge-lines';
import { edgeLines } from './edge-lines';
import type { CandidateOptions } from './shift-candidates';
import { candidateShifts } from './shift-candidates';
import type { OriginalGuides, ShiftCostOptions, StepCanvas } from './shift-costs';
import { originalGuides, seamCost, unaryCosts } from './shift-costs';
import { addCorrection, featherBorder } from './correction';
import type { WorkingShifts } from './render';
import type { LineageChains } from './lineage';
import { chainOf } from './lineage';
import { renderCopies } from './render';
import { FillScratch } from './scratch';

export interface ShiftMapOptions {
  /** New pixels the labelling works on at most; the choice of copies is made at that scale. */
  workingPixels: number;
  /** Each growth step adds at most this share of the known area's size across a side. */
  reach: number;
  rarity: RarityOptions;
  regions: RegionRarityOptions;
  lines: LineOptions;
  candidates: CandidateOptions;
  cost: ShiftCostOptions;
  /** Alpha-expansion sweeps over all shifts. */
  sweeps: number;
  /**
   * A pixel joins a move only if the shift raises its own cost by at most its seams' cost plus
   * this many label changes (see `maxRise` in alpha-expansion.ts).
   */
  moveRise: number;
  blend: BlendOptions;
  /** New pixels within this many px of the original fade from its reflection to the copies. */
  feather: number;
}

export const DEFAULT_SHIFT_MAP_OPTIONS: ShiftMapOptions = {
  // The stages of README.md, in order; the reasons for the numbers are there.
  // 1. Working scale: finer costs graph-cut time for little gain (the copies are full size).
  workingPixels: 20_000,
  // 2. Growth steps (growth.ts): a ring grows at most the known size across each side.
  reach: 1,
  // 3. Lines that cross the edge (edge-lines.ts).
  lines: {
    side: 800, // the preview's longer side, px (also the working canvas's source)
    depth: 0.3, // the strip searched along a side, share of the original across it
    maxDepth: 120, // ...and at most this many preview px
    minGradient: 10, // grey levels per px an edge pixel needs
    coverage: 0.7, // share of the strip a line's edge must cover once refitted
    perSide: 3, // lines kept per side, strongest first
    maxTilt: 60, // steepest line kept, degrees from straight across
    minTilt: 2, // flatter lines are left to the straight copies
  },
  // 4. Candidate shifts (shift-candidates.ts): about 25 a side.
  candidates: {
    distances: 5, // distances straight across each side, nearest to the known size
    nearest: 0.12, // the nearest, share of the known size (nearer stacks thin strips)
    slides: [0.03, 0.12], // slides along the edge, shares of its length, both ways
  },
  // 5. Costs: what each copy costs where (colour-rarity.ts, region-rarity.ts, shift-costs.ts).
  rarity: {
    strip: 0.08, // depth of the edge strip whose colours are common, share of the side
    near: 12, // colour distance still the same colour...
    far: 45, // ...and from which a colour is wholly rare
    textureWeight: 1.5, // weight of the 3x3 luma deviation beside colour
  },
  regions: {
    side: 96, // regions are found on a copy whose shorter side is this many px
    clusters: 10, // k-means colour and texture clusters
    textureWeight: 1.5, // weight of the luma deviation in the clustering
    minSize: 4, // smaller regions are texture, not objects (px)
    rareShare: 0.02, // a region whose colour covers at most this share of the photo is rare...
    commonShare: 0.06, // ...and common from this share
    sameColour: 24, // colour distance within which a pixel is of the region's kind
    standsOut: 40, // difference from its surroundings at which a region stands out fully
  },
  cost: {
    rarityWeight: 3000, // per unit of rarity of the copied pixel: the subject is not cloned
    depthWeight: 800, // per unit of depth inside the original: what continues an edge is near it
    edgeWeight: 1, // per unit of squared mismatch with the known pixels at the border
    edgeDepth: 3, // known pixels inward compared at the border
    slideWeight: 20, // per working px of slide along the edge: a horizon keeps its height
    labelChange: 400, // any change of copy between neighbours
    busyLevel: 400, // busyness at which a seam's mismatch counts half
    textureChange: 1, // per unit of squared texture difference at a seam: no boxes
    guideWeight: 0.3, // per unit of squared local-mean difference from the edge beside it...
    guideReach: 0.15, // ...fading over this share of the known size
    lineBand: 4, // half-width of a line's extension, working px
    lineWeight: 800, // per pixel of a line's extension not copied along the line
    unreachable: 1e5, // stand-in where a copy of a neighbour pair has no source
    jitter: 0.05, // random share on each shift's costs, from the seed
    reachWobble: 0.35, // share by which a copy's reach is cut short at most...
    reachWavelength: 12, // ...varying along the edge with this wavelength, working px
  },
  // 6. Labelling (alpha-expansion.ts).
  sweeps: 2, // passes over all shifts
  moveRise: 4, // label changes by which a move may raise a pixel's own cost
  // 8-10. Blend, correction and feather at full size (copy-blend.ts, `renderFill`).
  blend: {
    screen: 0.003, // pull towards the copies as they are: a correction fades over ~18 working px
    iterations: 400, // conjugate-gradient steps at most
    tolerance: 0.01, // stop at this share of the starting residual
    keepStep: 70, // colour step between textured copies from which the step is kept as structure...
    textureLevel: 100, // ...counted fully from this texture
  },
  feather: 4, // px beside the original that fade from its reflection to the copies
};

/**
 * Extends `original` onto the canvas: returns the canvas pixels (same channel count), with the
 * original copied bit for bit at its offset and only the new area synthesised.
 *
 * Shift-map outpainting (Pritch et al. 2009): every new pixel is a copy of a known pixel moved by
 * one of a few shifts, chosen for the whole area at once by a graph-cut labelling so that copies
 * meet where they agree; the copies are then made at full resolution, so the new area is as sharp
 * as the photo.
 */
export function shiftMapFill(
  original: Raster,
  placement: CanvasPlacement,
  seed: number,
  options: ShiftMapOptions = DEFAULT_SHIFT_MAP_OPTIONS,
  scratch = new FillScratch(),
): Uint8Array {
  const context = fillContext(original, placement, options, scratch);
  return renderFill(context, planFill(context, placement, seed));
}

/** What every fill of one original shares, wherever it is placed: its preview and its lines. */
export interface FillContext {
  original: Raster;
  options: ShiftMapOptions;
  preview: Raster<Float32Array>;
  /** Lines crossing each side that can grow on the canvas (a placement uses its growing ones'). */
  lines: EdgeLine[];
  /**
   * How rare each colour of the original is along each side the canvas grows past (0 along the
   * others), judged once on the preview.
   */
  rarity: JudgedRarity;
  /** How distinctive each pixel's region is in the whole photo (never copied where it is). */
  regions: RegionRarity;
  /** The original at each working size, with its colour rarity, by "width x height". */
  working: Map<string, WorkingOriginal>;
  /** The working memory every plan and render of this context uses (see `FillScratch`). */
  scratch: FillScratch;
}

/**
 * The shared part of every fill of `original` on a canvas of `canvas`'s size. `scratch` is the
 * working memory of its plans and renders: a pool worker passes the one it keeps for all its jobs.
 * `photo` is the original's preview and regions, when the caller has already made them.
 */
export function fillContext(
  original: Raster,
  canvas: { width: number; height: number },
  options: ShiftMapOptions,
  scratch = new FillScratch(),
  photo: PhotoPreview = photoPreview(original, options),
): FillContext {
  const { width: w, height: h } = original;
  const { preview, regions } = photo;
  const sides: Side[] = [
    ...(canvas.width > w ? (['left', 'right'] as const) : []),
    ...(canvas.height > h ? (['top', 'bottom'] as const) : []),
  ];
  const lines = edgeLines(preview, sides, options.lines);
  const rarity = colourRarity(preview, sides, options.rarity);
  return { original, options, preview, lines, rarity, regions, working: new Map(), scratch };
}

/** The labelling of one placement and seed at the working scale: which copy goes where. */
export interface FillPlan {
  placement: CanvasPlacement;
  /** The known area after each growth step, on the canvas and on the working canvas. */
  steps: Rect[];
  workSteps: Rect[];
  /** The working canvas, its new pixels holding their copies. */
  work: WorkingCanvas;
  rarity: Float32Array[];
  shifts: WorkingShifts;
  /** Per working pixel, the chosen copy's shift in working px (0 on the original). */
  workShiftX: Int32Array;
  workShiftY: Int32Array;
  /**
   * Per working pixel, its chain of copies (-1 on the original): two new pixels share it only when
   * they show one copy of one source, so a seam an earlier step made and a later copy carried on
   * still parts them. The blend smooths every such seam, not only those between this step's copies.
   */
  lineage: Int32Array;
  /** How the lineages are named: the render names each canvas pixel's the same way. */
  chains: LineageChains;
  /** The labelling's energy summed over the steps. */
  energy: number;
}

/** Chooses the copies at the working scale (`workingPixels` new pixels at most). */
export function planFill(
  context: FillContext,
  placement: CanvasPlacement,
  seed: number,
  workingPixels = context.options.workingPixels,
): FillPlan {
  const { original, options, scratch } = context;
  const { width: W, height: H, offsetX: ox, offsetY: oy } = placement;
  const { width: w, height: h } = original;
  const unknown = W * H - w * h;
  const rng = createRng(seed);
  const scale = Math.min(1, Math.sqrt(workingPixels / Math.max(1, unknown)));
  const Ww = Math.max(1, Math.round(W * scale));
  const Hw = Math.max(1, Math.round(H * scale));
  const sx = Ww / W;
  const sy = Hw / H;
  // The steps grow at the working scale, where the labelling needs every ring to be no deeper
  // than its known area (scaled down from full size, a ring could round one pixel deeper, and its
  // outer pixels then had no copy to take), and are scaled back up for the render.
  const placed = { x0: ox, y0: oy, x1: ox + w, y1: oy + h };
  const workSteps = growthSteps(
    scaleRect(placed, sx, sy),
    { x0: 0, y0: 0, x1: Ww, y1: Hw },
    options.reach,
  );
  const steps = workSteps.map((r, k) =>
    k === 0 ? placed : fullSizeStep(r, workSteps[0]!, placed, { W, H, Ww, Hw }),
  );
  const working = workingOriginal(context, workSteps[0]!);
  const { small, rarity } = working;
  const work = workingCanvas(small, workSteps[0]!, Ww, Hw);
  const sides = growingSides(placement, w, h);
  const lines = context.lines.filter((line) => sides.includes(line.side));

  const shiftX = new Float32Array(Ww * Hw);
  const shiftY = new Float32Array(Ww * Hw);
  const workShiftX = new Int32Array(Ww * Hw);
  const workShiftY = new Int32Array(Ww * Hw);
  const copyOf = new Int32Array(Ww * Hw).fill(-1);
  const lineage = new Int32Array(Ww * Hw).fill(-1);
  const chains: LineageChains = { ids: new Map(), copyOf: [], workingPixels: Ww * Hw };
  let firstCopy = 0;
  let energy = 0;
  for (let k = 1; k < workSteps.length; k++) {
    const step: StepCanvas = {
      ...work,
      known: workSteps[k - 1]!,
      next: workSteps[k]!,
      original: workSteps[0]!,
      ...(k === 1 && { guides: (working.guides ??= originalGuides(small)) }),
    };
    const shifts = candidateShifts(step.known, step.next, options.candidates, lines, {
      x: sx,
      y: sy,
    });
    const { free, unary } = unaryCosts(step, shifts, rarity, rng, options.cost, scratch);
    const L = shifts.length;
    const problem = {
      width: Ww,
      height: Hw,
      labelCount: L,
      free,
      unary,
      pairwise: seamCost(step, shifts, options.cost, scratch),
    };
    const { labels, energy: stepEnergy } = expandLabels(
      problem,
      cheapest(free, unary, L),
      { sweeps: options.sweeps, maxRise: options.moveRise * options.cost.labelChange },
      scratch,
    );
    energy += stepEnergy;
    const { data, origin, channels: c } = work;
    for (let p = 0; p < Ww * Hw; p++) {
      if (!free[p]) continue;
      const s = shifts[labels[p]!]!;
      const q = p + s.dy * Ww + s.dx;
      data.copyWithin(p * c, q * c, q * c + c);
      origin[p] = origin[q]!;
      shiftX[p] = s.alongLine?.dx ?? s.dx / sx;
      shiftY[p] = s.alongLine?.dy ?? s.dy / sy;
      workShiftX[p] = s.dx;
      workShiftY[p] = s.dy;
      copyOf[p] = firstCopy + labels[p]!;
      lineage[p] = chainOf(chains, copyOf[p]!, lineage[q]!, true);
    }
    firstCopy += L;
  }
  return {
    placement,
    steps,
    workSteps,
    work,
    rarity,
    shifts: { shiftX, shiftY, copyOf, Ww, sx, sy },
    workShiftX,
    workShiftY,
    lineage,
    chains,
    energy,
  };
}

/** Makes a plan's copies at full resolution, blends their seams and feathers the border. */
export function renderFill(context: FillContext, plan: FillPlan): Uint8Array {
  const { original, options, scratch } = context;
  const { width: W, height: H, offsetX: ox, offsetY: oy } = plan.placement;
  const { width: w, height: h, channels: c } = original;
  const out = new Uint8Array(W * H * c);
  for (let y = 0; y < h; y++) {
    out.set(original.data.subarray(y * w * c, (y + 1) * w * c), ((oy + y) * W + ox) * c);
  }
  if (W * H === w * h) return out;
  const canvas: Raster = { width: W, height: H, channels: c, data: out };
  const { shifts, work } = plan;
  const canvasLineage = renderCopies(canvas, plan, shifts, scratch);
  const { width: Ww, height: Hw } = work;
  const solved = new Uint8Array(Ww * Hw);
  for (let p = 0; p < solved.length; p++) solved[p] = shifts.copyOf[p]! >= 0 ? 1 : 0;
  const values = blendCorrection(work, solved, plan.lineage, options.blend, scratch);
  addCorrection(
    canvas,
    plan.steps[0]!,
    { values, solved, width: Ww, height: Hw },
    {
      steps: plan.steps,
      workSteps: plan.workSteps,
      canvas: canvasLineage,
      working: plan.lineage,
      copyOf: shifts.copyOf,
      chains: plan.chains,
    },
  );
  featherBorder(canvas, plan.steps[0]!, options.feather);
  return out;
}

/**
 * A later growth step's known area at full size: a side on the working canvas's or the working
 * original's lies on the canvas's or the original's exactly, any other is scaled up.
 */
function fullSizeStep(
  step: Rect,
  workOriginal: Rect,
  original: Rect,
  size: { W: number; H: number; Ww: number; Hw: number },
): Rect {
  const { W, H, Ww, Hw } = size;
  const side = (
    v: number,
    onOriginal: number,
    atOriginal: number,
    workEnd: number,
    end: number,
  ) => {
    if (v === 0) return 0;
    if (v === workEnd) return end;
    if (v === onOriginal) return atOriginal;
    return Math.round((v * end) / workEnd);
  };
  return {
    x0: side(step.x0, workOriginal.x0, original.x0, Ww, W),
    y0: side(step.y0, workOriginal.y0, original.y0, Hw, H),
    x1: side(step.x1, workOriginal.x1, original.x1, Ww, W),
    y1: side(step.y1, workOriginal.y1, original.y1, Hw, H),
  };
}

/** The original at one working size: its pixels, colour rarity, and (once asked) its guides. */
interface WorkingOriginal {
  small: Raster<Float32Array>;
  rarity: Float32Array[];
  guides?: OriginalGuides;
}

/** The original scaled into a working rectangle's size, and its colour rarity (cached). */
function workingOriginal(context: FillContext, rect: Rect): WorkingOriginal {
  const ow = rect.x1 - rect.x0;
  const oh = rect.y1 - rect.y0;
  const key = `${ow}x${oh}`;
  let cached = context.working.get(key);
  if (!cached) {
    const { preview, original } = context;
    // From the preview when the working size is smaller (it nearly always is: one pass over the
    // full-size photo instead of two).
    const small = resizeArea(ow <= preview.width ? preview : original, ow, oh);
    const [regions] = rarityAt({ ...context.regions, maps: [context.regions.map] }, ow, oh);
    const rarity = rarityAt(context.rarity, ow, oh).map((side) =>
      side.map((r, p) => Math.max(r, regions![p]!)),
    );
    cached = { small, rarity };
    context.working.set(key, cached);
  }
  return cached;
}

/** The sides of the original the canvas extends past. */
function growingSides(placement: CanvasPlacement, w: number, h: number): Side[] {
  const sides: Side[] = [];
  if (placement.offsetX > 0) sides.push('left');
  if (placement.offsetX + w < placement.width) sides.push('right');
  if (placement.offsetY > 0) sides.push('top');
  if (placement.offsetY + h < placement.height) sides.push('bottom');
  return sides;
}

/** Each free pixel's cheapest shift by its unary cost alone: where the labelling starts. */
function cheapest(free: Uint8Array, unary: Float32Array, L: number): Int32Array {
  const labels = new Int32Array(free.length);
  for (let p = 0, row = 0; p < free.length; p++) {
    if (!free[p]) continue;
    let best = 0;
    for (let l = 1; l < L; l++) if (unary[row + l]! < unary[row + best]!) best = l;
    labels[p] = best;
    row += L;
  }
  return labels;
}

/** The working canvas of a plan: the original in its working rectangle, and which pixel is which. */
export interface WorkingCanvas {
  width: number;
  height: number;
  channels: number;
  data: Float32Array;
  /** Per working pixel, the index of the original's working pixel it shows (-1 where unknown). */
  origin: Int32Array;
  originalWidth: number;
  originalHeight: number;
}

function workingCanvas(
  small: Raster<Float32Array>,
  rect: Rect,
  Ww: number,
  Hw: number,
): WorkingCanvas {
  const c = small.channels;
  const ow = small.width;
  const oh = small.height;
  const data = new Float32Array(Ww * Hw * c);
  const origin = new Int32Array(Ww * Hw).fill(-1);
  for (let y = 0; y < oh; y++) {
    for (let x = 0; x < ow; x++) {
      const p = (rect.y0 + y) * Ww + rect.x0 + x;
      origin[p] = y * ow + x;
      for (let ch = 0; ch < c; ch++) data[p * c + ch] = small.data[(y * ow + x) * c + ch]!;
    }
  }
  return {
    width: Ww,
    height: Hw,
    channels: c,
    data,
    origin,
    originalWidth: ow,
    originalHeight: oh,
  };
}
