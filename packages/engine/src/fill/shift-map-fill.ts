import type { Rect } from './growth';
import { growthSteps, scaleRect } from './growth';
import { expandLabels } from './alpha-expansion';
import type { JudgedRarity, RarityOptions } from './colour-rarity';
import { colourRarity, rarityAt } from './colour-rarity';
import type { CanvasPlacement, Raster } from './raster';
import { resizeArea } from './raster';
import type { BlendOptions } from './copy-blend';
import { blendCorrection } from './copy-blend';
import type { RegionRarity, RegionRarityOptions } from './region-rarity';
import { regionRarity } from './region-rarity';
import { createRng } from './rng';
import type { EdgeLine, LineOptions, Side } from './edge-lines';
import { edgeLines } from './edge-lines';
import type { CandidateOptions } from './shift-candidates';
import { candidateShifts } from './shift-candidates';
import type { ShiftCostOptions, StepCanvas } from './shift-costs';
import { seamCost, unaryCosts } from './shift-costs';

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
): Uint8Array {
  const context = fillContext(original, placement, options);
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
  working: Map<string, { small: Raster<Float32Array>; rarity: Float32Array[] }>;
}

/** The shared part of every fill of `original` on a canvas of `canvas`'s size. */
export function fillContext(
  original: Raster,
  canvas: { width: number; height: number },
  options: ShiftMapOptions,
): FillContext {
  const { width: w, height: h } = original;
  const previewScale = Math.min(1, options.lines.side / Math.max(w, h));
  const preview = resizeArea(
    original,
    Math.max(3, Math.round(w * previewScale)),
    Math.max(3, Math.round(h * previewScale)),
  );
  const sides: Side[] = [
    ...(canvas.width > w ? (['left', 'right'] as const) : []),
    ...(canvas.height > h ? (['top', 'bottom'] as const) : []),
  ];
  const lines = edgeLines(preview, sides, options.lines);
  const rarity = colourRarity(preview, sides, options.rarity);
  const regions = regionRarity(preview, options.regions);
  return { original, options, preview, lines, rarity, regions, working: new Map() };
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
  const { original, options } = context;
  const { width: W, height: H, offsetX: ox, offsetY: oy } = placement;
  const { width: w, height: h } = original;
  const unknown = W * H - w * h;
  const rng = createRng(seed);
  const scale = Math.min(1, Math.sqrt(workingPixels / Math.max(1, unknown)));
  const Ww = Math.max(1, Math.round(W * scale));
  const Hw = Math.max(1, Math.round(H * scale));
  const sx = Ww / W;
  const sy = Hw / H;
  const steps = growthSteps(
    { x0: ox, y0: oy, x1: ox + w, y1: oy + h },
    { x0: 0, y0: 0, x1: W, y1: H },
    options.reach,
  );
  const workSteps = steps.map((r) => scaleRect(r, sx, sy));
  const { small, rarity } = workingOriginal(context, workSteps[0]!);
  const work = workingCanvas(small, workSteps[0]!, Ww, Hw);
  const sides = growingSides(placement, w, h);
  const lines = context.lines.filter((line) => sides.includes(line.side));

  const shiftX = new Float32Array(Ww * Hw);
  const shiftY = new Float32Array(Ww * Hw);
  const workShiftX = new Int32Array(Ww * Hw);
  const workShiftY = new Int32Array(Ww * Hw);
  const copyOf = new Int32Array(Ww * Hw).fill(-1);
  let firstCopy = 0;
  let energy = 0;
  for (let k = 1; k < workSteps.length; k++) {
    const step: StepCanvas = {
      ...work,
      known: workSteps[k - 1]!,
      next: workSteps[k]!,
      original: workSteps[0]!,
    };
    const shifts = candidateShifts(step.known, step.next, options.candidates, lines, {
      x: sx,
      y: sy,
    });
    const { free, unary } = unaryCosts(step, shifts, rarity, rng, options.cost);
    const L = shifts.length;
    const problem = {
      width: Ww,
      height: Hw,
      labelCount: L,
      free,
      unary,
      pairwise: seamCost(step, shifts, options.cost),
    };
    const { labels, energy: stepEnergy } = expandLabels(problem, cheapest(free, unary, L), {
      sweeps: options.sweeps,
      maxRise: options.moveRise * options.cost.labelChange,
    });
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
    energy,
  };
}

/** Makes a plan's copies at full resolution, blends their seams and feathers the border. */
export function renderFill(context: FillContext, plan: FillPlan): Uint8Array {
  const { original, options } = context;
  const { width: W, height: H, offsetX: ox, offsetY: oy } = plan.placement;
  const { width: w, height: h, channels: c } = original;
  const out = new Uint8Array(W * H * c);
  for (let y = 0; y < h; y++) {
    out.set(original.data.subarray(y * w * c, (y + 1) * w * c), ((oy + y) * W + ox) * c);
  }
  if (W * H === w * h) return out;
  const { steps, workSteps, shifts, work } = plan;
  const copies = canvasCopies(shifts);
  for (let k = 1; k < steps.length; k++) {
    renderStep(out, W, c, steps[k - 1]!, steps[k]!, workSteps[k - 1]!, workSteps[k]!, copies);
  }
  const { width: Ww, height: Hw } = work;
  const solve = new Uint8Array(Ww * Hw);
  for (let p = 0; p < solve.length; p++) solve[p] = shifts.copyOf[p]! >= 0 ? 1 : 0;
  const correction = blendCorrection(work.data, Ww, Hw, c, solve, shifts.copyOf, options.blend);
  addCorrection(out, W, H, c, steps[0]!, correction, solve, Ww, Hw);
  featherBorder(out, W, H, c, steps[0]!, options.feather);
  return out;
}

/** The original scaled into a working rectangle's size, and its colour rarity (cached). */
function workingOriginal(context: FillContext, rect: Rect) {
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

/**
 * Adds the working-scale correction, bilinearly upsampled, to every new pixel. The original's
 * working pixels take the mean correction of the copies beside them first: interpolating to
 * their zero would pull a new pixel next to the original halfway back, leaving half of each
 * colour step standing as a thin line along the original's border.
 */
function addCorrection(
  out: Uint8Array,
  W: number,
  H: number,
  c: number,
  original: Rect,
  correction: Float32Array,
  solved: Uint8Array,
  Ww: number,
  Hw: number,
): void {
  extendIntoOriginal(correction, solved, Ww, Hw, c);
  // Where each canvas column falls between two working columns, once for every row.
  const columns: CorrectionColumns = {
    left: new Int32Array(W),
    right: new Int32Array(W),
    toLeft: new Float64Array(W),
    toRight: new Float64Array(W),
  };
  for (let x = 0; x < W; x++) {
    const fx = clamp(((x + 0.5) * Ww) / W - 0.5, 0, Ww - 1);
    columns.left[x] = Math.floor(fx) * c;
    columns.right[x] = Math.min(Ww - 1, Math.floor(fx) + 1) * c;
    // As a Float32 weight, so the row's sums round as they always have.
    columns.toRight[x] = Math.fround(fx - Math.floor(fx));
    columns.toLeft[x] = 1 - columns.toRight[x]!;
  }
  const row = new Float32Array(Ww * c);
  let rowAt = -1;
  for (let y = 0; y < H; y++) {
    const fy = clamp(((y + 0.5) * Hw) / H - 0.5, 0, Hw - 1);
    if (fy !== rowAt) {
      const y0 = Math.floor(fy) * Ww * c;
      const y1 = Math.min(Hw - 1, Math.floor(fy) + 1) * Ww * c;
      const ty = fy - Math.floor(fy);
      for (let i = 0; i < Ww * c; i++) {
        row[i] = correction[y0 + i]! * (1 - ty) + correction[y1 + i]! * ty;
      }
      rowAt = fy;
    }
    if (y >= original.y0 && y < original.y1) {
      correctSpan(out, y * W, c, row, columns, 0, original.x0);
      correctSpan(out, y * W, c, row, columns, original.x1, W);
    } else {
      correctSpan(out, y * W, c, row, columns, 0, W);
    }
  }
}

/** Per canvas column, its two working columns' offsets into a row and their weights. */
interface CorrectionColumns {
  left: Int32Array;
  right: Int32Array;
  toLeft: Float64Array;
  toRight: Float64Array;
}

/** Adds the interpolated correction `row` to canvas pixels `from` to `to` (exclusive) of a row. */
function correctSpan(
  out: Uint8Array,
  rowStart: number,
  c: number,
  row: Float32Array,
  columns: CorrectionColumns,
  from: number,
  to: number,
): void {
  if (c === 3) {
    correctSpanRgb(out, rowStart, row, columns, from, to);
    return;
  }
  const { left, right, toLeft, toRight } = columns;
  for (let x = from; x < to; x++) {
    const o = (rowStart + x) * c;
    for (let ch = 0; ch < c; ch++) {
      const a = row[left[x]! + ch]!;
      const b = row[right[x]! + ch]!;
      out[o + ch] = correctedByte(out[o + ch]!, a, b, toLeft[x]!, toRight[x]!);
    }
  }
}

/** `correctSpan` for three channels, unrolled (about twice as fast). */
function correctSpanRgb(
  out: Uint8Array,
  rowStart: number,
  row: Float32Array,
  columns: CorrectionColumns,
  from: number,
  to: number,
): void {
  const { left, right, toLeft, toRight } = columns;
  for (let x = from; x < to; x++) {
    const o = (rowStart + x) * 3;
    const a = left[x]!;
    const b = right[x]!;
    const sa = toLeft[x]!;
    const sb = toRight[x]!;
    out[o] = correctedByte(out[o]!, row[a]!, row[b]!, sa, sb);
    out[o + 1] = correctedByte(out[o + 1]!, row[a + 1]!, row[b + 1]!, sa, sb);
    out[o + 2] = correctedByte(out[o + 2]!, row[a + 2]!, row[b + 2]!, sa, sb);
  }
}

/** A channel plus its correction mixed from two working columns, rounded into 0..255. */
function correctedByte(value: number, a: number, b: number, sa: number, sb: number): number {
  const sum = Math.round(value + a * sa + b * sb);
  return sum < 0 ? 0 : sum > 255 ? 255 : sum;
}

/** Gives each unsolved working pixel beside solved ones (8-neighbours) their mean correction. */
function extendIntoOriginal(
  correction: Float32Array,
  solved: Uint8Array,
  Ww: number,
  Hw: number,
  c: number,
): void {
  // Only unsolved pixels change and only solved ones are read: no copy of the input is needed.
  for (let y = 0; y < Hw; y++) {
    for (let x = 0; x < Ww; x++) {
      const p = y * Ww + x;
      if (solved[p]) continue;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const qx = x + dx;
          const qy = y + dy;
          if (qx < 0 || qy < 0 || qx >= Ww || qy >= Hw || !solved[qy * Ww + qx]) continue;
          const q = qy * Ww + qx;
          for (let ch = 0; ch < c; ch++) correction[p * c + ch]! += correction[q * c + ch]!;
          n++;
        }
      }
      for (let ch = 0; ch < c; ch++) correction[p * c + ch] = n ? correction[p * c + ch]! / n : 0;
    }
  }
}

/**
 * Fades the new pixels within `width` px of the original from its reflection across the border
 * (at the border) to the copies (at `width`): a copy's first pixels never quite meet the
 * original's last, and even a step of a few grey levels shows as a thin line along the border.
 */
function featherBorder(
  out: Uint8Array,
  W: number,
  H: number,
  c: number,
  original: Rect,
  width: number,
): void {
  const { x0, y0, x1, y1 } = original;
  const xEnd = Math.min(W, x1 + width);
  for (let y = Math.max(0, y0 - width); y < Math.min(H, y1 + width); y++) {
    const besideOriginal = y >= y0 && y < y1;
    for (let x = Math.max(0, x0 - width); x < xEnd; x++) {
      if (besideOriginal && x === x0) x = x1;
      if (x >= xEnd) break;
      const distance = Math.max(x0 - x, x - x1 + 1, y0 - y, y - y1 + 1);
      if (distance <= 0) continue;
      const mirror = 1 - distance / (width + 1);
      const from = (reflect(y, y0, y1) * W + reflect(x, x0, x1)) * c;
      const to = (y * W + x) * c;
      for (let ch = 0; ch < c; ch++) {
        out[to + ch] = Math.round(out[from + ch]! * mirror + out[to + ch]! * (1 - mirror));
      }
    }
  }
}

/**
 * v reflected into lo..hi - 1 about the border pixel itself, so the border's own column is not
 * doubled into a smear.
 */
function reflect(v: number, lo: number, hi: number): number {
  return v < lo ? Math.min(hi - 1, 2 * lo - v) : v >= hi ? Math.max(lo, 2 * (hi - 1) - v) : v;
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

export interface WorkingShifts {
  /** Per working pixel, the chosen copy's shift in canvas px. */
  shiftX: Float32Array;
  shiftY: Float32Array;
  /** Per working pixel, which copy it chose (one id per shift of each step). */
  copyOf: Int32Array;
  Ww: number;
  sx: number;
  sy: number;
}

/** A plan's copies as the render reads them: each working pixel's shift rounded to canvas px. */
interface CanvasCopies {
  copyOf: Int32Array;
  dx: Int32Array;
  dy: Int32Array;
  Ww: number;
  sx: number;
  sy: number;
}

function canvasCopies(shifts: WorkingShifts): CanvasCopies {
  const { copyOf, shiftX, shiftY, Ww, sx, sy } = shifts;
  const dx = new Int32Array(copyOf.length);
  const dy = new Int32Array(copyOf.length);
  for (let p = 0; p < copyOf.length; p++) {
    dx[p] = Math.round(shiftX[p]!);
    dy[p] = Math.round(shiftY[p]!);
  }
  return { copyOf, dx, dy, Ww, sx, sy };
}

/**
 * Full-resolution copies for one growth step. Each new pixel looks at the 2x2 working pixels
 * around it (those of this step's ring) and copies the known pixel under their copies, scaled up:
 * where they all chose one copy, that copy exactly; where copies meet, a mix of them weighted as
 * bilinear interpolation weighs the working pixels. The boundary between two copies then runs
 * smoothly at full resolution instead of in stair steps as large as a working pixel.
 */
function renderStep(
  out: Uint8Array,
  W: number,
  c: number,
  known: Rect,
  next: Rect,
  workKnown: Rect,
  workNext: Rect,
  copies: CanvasCopies,
): void {
  const { Ww } = copies;
  // Each canvas column's (and row's) two working columns (rows) and weight towards the second.
  const columns = workingNeighbours('x', copies.sx, known, next, workKnown, workNext);
  const rows = workingNeighbours('y', copies.sy, known, next, workKnown, workNext);
  const runEnd = columnRuns(columns.first, columns.second, next.x0);
  for (let y = next.y0; y < next.y1; y++) {
    const row: RingRow = {
      y,
      y0: rows.first[y - next.y0]! * Ww,
      y1: rows.second[y - next.y0]! * Ww,
      ty: rows.toSecond[y - next.y0]!,
    };
    if (y >= known.y0 && y < known.y1) {
      renderSpan(out, W, c, known, next, row, next.x0, known.x0, columns, runEnd, copies);
      renderSpan(out, W, c, known, next, row, known.x1, next.x1, columns, runEnd, copies);
    } else {
      renderSpan(out, W, c, known, next, row, next.x0, next.x1, columns, runEnd, copies);
    }
  }
}

/** One canvas row of a step's ring: its two working rows (as indices of their first pixel). */
interface RingRow {
  y: number;
  y0: number;
  y1: number;
  ty: number;
}

type Neighbours = ReturnType<typeof workingNeighbours>;

/**
 * Per canvas column of a ring (from `x0`), the column (exclusive) where the run of columns
 * sharing its two working columns ends.
 */
function columnRuns(first: Int32Array, second: Int32Array, x0: number): Int32Array {
  const runEnd = new Int32Array(first.length);
  for (let i = first.length - 1; i >= 0; i--) {
    const sameAsNext =
      i + 1 < first.length && first[i + 1] === first[i] && second[i + 1] === second[i];
    runEnd[i] = sameAsNext ? runEnd[i + 1]! : x0 + i + 1;
  }
  return runEnd;
}

/**
 * Canvas columns `from` to `to` (exclusive) of one ring row, a run of columns sharing their
 * working pixels at a time: where those all chose one copy, the run is copied under its shift.
 */
function renderSpan(
  out: Uint8Array,
  W: number,
  c: number,
  known: Rect,
  next: Rect,
  row: RingRow,
  from: number,
  to: number,
  columns: Neighbours,
  runEnd: Int32Array,
  copies: CanvasCopies,
): void {
  const { copyOf } = copies;
  const { y0, y1 } = row;
  for (let x = from; x < to;) {
    const i = x - next.x0;
    const end = Math.min(to, runEnd[i]!);
    const x0 = columns.first[i]!;
    const x1 = columns.second[i]!;
    const id = copyOf[y0 + x0];
    if (copyOf[y0 + x1] === id && copyOf[y1 + x0] === id && copyOf[y1 + x1] === id) {
      copyRun(out, W, c, known, row.y, x, end, y0 + x0, copies);
    } else {
      for (; x < end; x++)
        mixPixel(out, W, c, known, row, x, x0, x1, columns.toSecond[x - next.x0]!, copies);
    }
    x = end;
  }
}

/** Canvas pixels `from` to `to` (exclusive) of row y, each copied under working pixel wp's shift. */
function copyRun(
  out: Uint8Array,
  W: number,
  c: number,
  known: Rect,
  y: number,
  from: number,
  to: number,
  wp: number,
  copies: CanvasCopies,
): void {
  const dx = copies.dx[wp]!;
  const srcRow = clamp(y + copies.dy[wp]!, known.y0, known.y1 - 1) * W;
  const last = known.x1 - 1;
  for (let x = from; x < to; x++) {
    const srcX = x + dx;
    const source = (srcRow + (srcX < known.x0 ? known.x0 : srcX > last ? last : srcX)) * c;
    const target = (y * W + x) * c;
    if (c === 3) {
      out[target] = out[source]!;
      out[target + 1] = out[source + 1]!;
      out[target + 2] = out[source + 2]!;
    } else {
      for (let ch = 0; ch < c; ch++) out[target + ch] = out[source + ch]!;
    }
  }
}

/** Scratch for `mixPixel`: its working pixels (first of each distinct copy), weights, sources. */
const picks = new Int32Array(4);
const weights = new Float64Array(4);
const sources = new Int32Array(4);

/**
 * A canvas pixel where copies meet: the copies of its 2x2 working pixels (the first of each
 * distinct copy), mixed by their summed bilinear weights.
 */
function mixPixel(
  out: Uint8Array,
  W: number,
  c: number,
  known: Rect,
  row: RingRow,
  x: number,
  x0: number,
  x1: number,
  tx: number,
  copies: CanvasCopies,
): void {
  const { copyOf } = copies;
  const { y, y0, y1, ty } = row;
  const to = (y * W + x) * c;
  let count = 0;
  for (let j = 0; j < 2; j++) {
    for (let i = 0; i < 2; i++) {
      const weight = (i === 0 ? 1 - tx : tx) * (j === 0 ? 1 - ty : ty);
      if (weight <= 0) continue;
      const wp = (j === 0 ? y0 : y1) + (i === 0 ? x0 : x1);
      let k = 0;
      while (k < count && copyOf[picks[k]!] !== copyOf[wp]) k++;
      if (k === count) {
        picks[count] = wp;
        weights[count++] = weight;
      } else {
        weights[k] = weights[k]! + weight;
      }
    }
  }
  if (count === 1) {
    const from = sourceIndex(picks[0]!, x, y, copies, known, W, c);
    out.copyWithin(to, from, from + c);
    return;
  }
  let total = 0;
  for (let k = 0; k < count; k++) {
    sources[k] = sourceIndex(picks[k]!, x, y, copies, known, W, c);
    total += weights[k]!;
  }
  if (c === 3) {
    mixRgb(out, to, count, total);
    return;
  }
  for (let ch = 0; ch < c; ch++) {
    let mix = 0;
    for (let k = 0; k < count; k++) mix += weights[k]! * out[sources[k]! + ch]!;
    out[to + ch] = Math.round(mix / total);
  }
}

/** `mixPixel`'s mix of `count` sources for three channels, unrolled. */
function mixRgb(out: Uint8Array, to: number, count: number, total: number): void {
  let r = 0;
  let g = 0;
  let b = 0;
  for (let k = 0; k < count; k++) {
    const weight = weights[k]!;
    const from = sources[k]!;
    r += weight * out[from]!;
    g += weight * out[from + 1]!;
    b += weight * out[from + 2]!;
  }
  out[to] = Math.round(r / total);
  out[to + 1] = Math.round(g / total);
  out[to + 2] = Math.round(b / total);
}

/**
 * For each canvas column of a step's ring (or row, by `axis`), the two working columns (rows)
 * around it, kept on its side of the known area, and the bilinear weight towards the second.
 */
function workingNeighbours(
  axis: 'x' | 'y',
  scale: number,
  known: Rect,
  next: Rect,
  workKnown: Rect,
  workNext: Rect,
): { first: Int32Array; second: Int32Array; toSecond: Float64Array } {
  const [from, to] = axis === 'x' ? [next.x0, next.x1] : [next.y0, next.y1];
  const [known0, known1] = axis === 'x' ? [known.x0, known.x1] : [known.y0, known.y1];
  const [workKnown0, workKnown1] =
    axis === 'x' ? [workKnown.x0, workKnown.x1] : [workKnown.y0, workKnown.y1];
  const [workNext0, workNext1] =
    axis === 'x' ? [workNext.x0, workNext.x1] : [workNext.y0, workNext.y1];
  const first = new Int32Array(to - from);
  const second = new Int32Array(to - from);
  const toSecond = new Float64Array(to - from);
  for (let v = from; v < to; v++) {
    const f = (v + 0.5) * scale - 0.5;
    const a = Math.floor(f);
    const lo = v < known0 ? workNext0 : v >= known1 ? workKnown1 : workKnown0;
    const hi = v < known0 ? workKnown0 - 1 : v >= known1 ? workNext1 - 1 : workKnown1 - 1;
    first[v - from] = clamp(a, lo, hi);
    second[v - from] = clamp(a + 1, lo, hi);
    toSecond[v - from] = f - a;
  }
  return { first, second, toSecond };
}

/** Where new pixel (x, y) copies from under working pixel wp's shift (index into `out`). */
function sourceIndex(
  wp: number,
  x: number,
  y: number,
  copies: CanvasCopies,
  known: Rect,
  W: number,
  c: number,
): number {
  const srcX = clamp(x + copies.dx[wp]!, known.x0, known.x1 - 1);
  const srcY = clamp(y + copies.dy[wp]!, known.y0, known.y1 - 1);
  return (srcY * W + srcX) * c;
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));
