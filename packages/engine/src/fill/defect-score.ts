import { boxes } from './detectors/boxes';
import { hardSeams } from './detectors/hard-seams';
import type { IslandOptions } from './detectors/islands';
import { islands } from './detectors/islands';
import type { LineBreakOptions } from './detectors/line-breaks';
import { lineBreaks } from './detectors/line-breaks';
import type { SeamOptions, SeamView } from './detectors/seam-view';
import type { FillPlan } from './shift-map-fill';
import type { StackingOptions } from './stacking';
import { stackingShare } from './stacking';

export interface DefectOptions {
  /** Colour difference (0..255) between two copies at which their seam counts as fully visible. */
  seamVisible: number;
  /**
   * How much the copies' own steps across a seam hide it (a seam through gravel or leaves hides,
   * one through sky shows): the mismatch is divided by the visible level plus this times them.
   */
  busyWeight: number;
  /** A seam running this many working px in one straight line counts `straightWeight` times over. */
  straightRun: number;
  straightWeight: number;
  /** A seam running this many working px in one straight line is a hard straight seam. */
  longRun: number;
  /**
   * Squared difference of the two copies' texture (root of the mean squared step between
   * neighbours within a copy) at which a seam counts as a box of one texture in another.
   */
  textureVisible: number;
  /** Rarity (0..1, see colour-rarity.ts) from which a copied pixel counts as distinctive. */
  distinctive: number;
  /**
   * Depth inside the original, as a share of its size across the side being extended, within
   * which a copied pixel repeats the edge itself (a subject cut by the frame, stacked).
   */
  edgeDepth: number;
  /** What counts as the photo repeated beside itself (see stacking.ts). */
  stacking: StackingOptions;
  /** How the rendered result's seams are judged (hard seams, boxes, fragments; detectors/). */
  rendered: SeamOptions;
  islands: IslandOptions;
  lineBreaks: LineBreakOptions;
  /** Weights of the labelling's parts in the score the search ranks by (`total`). */
  seamWeight: number;
  longSeamWeight: number;
  textureWeight: number;
  fragmentWeight: number;
  edgeWeight: number;
  stackingWeight: number;
}

/** The parts of the predicted defects, each a measure of one kind of visible failure. */
export const DEFECT_PARTS = [
  'seams',
  'straight',
  'texture',
  'fragments',
  'edge',
  'stacking',
  'hardSeams',
  'boxes',
  'islands',
  'lineBreaks',
] as const;
export type DefectPart = (typeof DEFECT_PARTS)[number];

/** The parts read from the rendered result (a `SeamView`), not from the labelling alone. */
const RENDERED_PARTS: ReadonlySet<DefectPart> = new Set([
  'hardSeams',
  'boxes',
  'islands',
  'lineBreaks',
]);

/** Whether any of `parts` is read from the rendered result. */
export function needsRender(parts: ReadonlySet<DefectPart>): boolean {
  for (const part of parts) if (RENDERED_PARTS.has(part)) return true;
  return false;
}

/** The labelling's parts the search ranks by: those with a weight in `total`. */
export function rankingParts(options: DefectOptions): ReadonlySet<DefectPart> {
  const weights: [DefectPart, number][] = [
    ['seams', options.seamWeight],
    ['straight', options.longSeamWeight],
    ['texture', options.textureWeight],
    ['fragments', options.fragmentWeight],
    ['edge', options.edgeWeight],
    ['stacking', options.stackingWeight],
  ];
  return new Set(weights.filter(([, w]) => w !== 0).map(([part]) => part));
}

/**
 * The parts of a plan's predicted defects, and the weighted sum the search ranks by (lower is
 * better). Only the parts asked for are measured (production asks for what the search and the
 * confidence read, the bench for all); the others are NaN, and so is `total` when one of its
 * parts was not measured.
 */
export interface DefectScore {
  /** Visible seam length (straight seams counted over), per side length of the new area. */
  seams: number;
  /** Visible seam length on straight runs of `longRun` or more, per side length of the new area. */
  straight: number;
  /** Seam length between copies of different texture (boxes), per side length of the new area. */
  texture: number;
  /** Share of the new area copied from what is rare along the edge it extends, or in the photo. */
  fragments: number;
  /** Share of the new area copied from the original's own edge strip (the edge repeated). */
  edge: number;
  /** Share of the new area showing the photo again nearby where the photo is unlike itself. */
  stacking: number;
  /** Rendered: visible straight seams (colour steps), per side length of the new area. */
  hardSeams: number;
  /** Rendered: copy regions with visible straight edges both ways, per side length. */
  boxes: number;
  /** Rendered: small copy regions set apart by their outline, as a share of the new area. */
  islands: number;
  /** Rendered: lines that stop, step or double at a seam, per side length of the new area. */
  lineBreaks: number;
  total: number;
}

/**
 * Predicts, with no ground truth, how visibly a plan will fail, from its working canvas alone:
 * seams where two copies disagree (more when they run straight, as a box or a step does),
 * distinctive content copied away from where it belongs, and the photo stacked beside itself.
 */
export function defectScore(
  plan: FillPlan,
  options: DefectOptions,
  parts: ReadonlySet<DefectPart>,
  view?: SeamView,
): DefectScore {
  const has = (part: DefectPart): boolean => parts.has(part);
  const seamParts =
    has('seams') || has('straight') || has('texture')
      ? seamScore(plan, options, has('texture'))
      : undefined;
  // The seam pass gives all three; a part not asked for stays unmeasured all the same.
  const seams = seamParts && has('seams') ? seamParts.seams : NaN;
  const straight = seamParts && has('straight') ? seamParts.straight : NaN;
  const texture = seamParts && has('texture') ? seamParts.texture : NaN;
  const fragments = has('fragments') ? fragmentShare(plan, options.distinctive) : NaN;
  const edge = has('edge') ? edgeShare(plan, options.edgeDepth) : NaN;
  const stacking = has('stacking')
    ? stackingShare(plan.work, plan.workSteps[0]!, options.stacking)
    : NaN;
  const rendered = (part: DefectPart, measure: (v: SeamView) => number): number => {
    if (!has(part)) return NaN;
    if (!view) throw new Error(`the defect part ${part} needs the rendered result`);
    return measure(view);
  };
  const total = weighted(options, { seams, straight, texture, fragments, edge, stacking });
  return {
    seams,
    straight,
    texture,
    fragments,
    edge,
    stacking,
    hardSeams: rendered('hardSeams', (v) => hardSeams(v, options.rendered)),
    boxes: rendered('boxes', (v) => boxes(v, options.rendered)),
    islands: rendered('islands', (v) => islands(v, options.rendered, options.islands)),
    lineBreaks: rendered('lineBreaks', (v) => lineBreaks(v, options.lineBreaks)),
    total,
  };
}

/** The ranking's weighted sum; parts without a weight are not read (they may be NaN). */
function weighted(
  options: DefectOptions,
  p: Pick<DefectScore, 'seams' | 'straight' | 'texture' | 'fragments' | 'edge' | 'stacking'>,
): number {
  const terms: [number, number][] = [
    [options.seamWeight, p.seams],
    [options.longSeamWeight, p.straight],
    [options.textureWeight, p.texture],
    [options.fragmentWeight, p.fragments],
    [options.edgeWeight, p.edge],
    [options.stackingWeight, p.stacking],
  ];
  let total = 0;
  for (const [weight, part] of terms) if (weight !== 0) total += weight * part;
  return total;
}

/**
 * Each pair of neighbouring new pixels that took different copies counts by how much the two
 * copies differ there (0..1); pairs on a straight run of `straightRun` or more working pixels
 * count `straightWeight` times. Summed, then divided by the square root of the new area, so a
 * fill's score does not grow with its working size.
 */
function seamScore(
  plan: FillPlan,
  options: DefectOptions,
  withTexture: boolean,
): { seams: number; straight: number; texture: number } {
  const { work, shifts, workShiftX, workShiftY } = plan;
  const { width: W, height: H, channels: c, data } = work;
  const { copyOf } = shifts;
  const visibleSq = 2 * c * options.seamVisible ** 2;
  const texture = withTexture ? copyTexture(plan) : null;
  let textureSeams = 0;
  const seams: SeamCanvas = {
    W,
    H,
    c,
    data,
    workShiftX,
    workShiftY,
    visibleSq,
    busyWeight: options.busyWeight,
  };
  let total = 0;
  let straight = 0;
  let count = 0;
  // Vertical seams (between x and x + 1), then horizontal ones (between y and y + 1), each run
  // along its own direction so straight runs can be measured.
  for (let turn = 0; turn < 2; turn++) {
    const vertical = turn === 0;
    const lanes = vertical ? W - 1 : H - 1;
    const length = vertical ? H : W;
    for (let lane = 0; lane < lanes; lane++) {
      let run = 0;
      let runSum = 0;
      for (let i = 0; i <= length; i++) {
        // Visibility (0..1) of the seam between p and its neighbour q, 0 without one.
        let v = 0;
        const p = vertical ? i * W + lane : lane * W + i;
        const q = vertical ? p + 1 : p + W;
        if (i < length && isSeam(copyOf[p]!, copyOf[q]!)) {
          if (texture)
            textureSeams += Math.min(1, (texture[p]! - texture[q]!) ** 2 / options.textureVisible);
          v = seamVisibility(seams, p, q);
        }
        if (v > 0) {
          run++;
          runSum += v;
          continue;
        }
        if (run > 0) total += run >= options.straightRun ? runSum * options.straightWeight : runSum;
        if (run >= options.longRun) straight += runSum;
        run = 0;
        runSum = 0;
      }
    }
  }
  for (let p = 0; p < W * H; p++) if (copyOf[p]! >= 0) count++;
  const side = Math.sqrt(Math.max(1, count));
  return {
    seams: total / side,
    straight: straight / side,
    texture: texture ? textureSeams / side : NaN,
  };
}

/** Whether two neighbours show different copies (not the original). */
function isSeam(a: number, b: number): boolean {
  return a >= 0 && b >= 0 && a !== b;
}

/** What `seamVisibility` reads of a plan's working canvas. */
interface SeamCanvas {
  W: number;
  H: number;
  c: number;
  data: Float32Array;
  workShiftX: Int32Array;
  workShiftY: Int32Array;
  visibleSq: number;
  busyWeight: number;
}

/** Visibility (0..1) of the seam between working pixels p and q, which show different copies. */
function seamVisibility(s: SeamCanvas, p: number, q: number): number {
  const { W, c, data, workShiftX, workShiftY } = s;
  let mismatch = 0;
  let busy = 0;
  for (let turn = 0; turn < 2; turn++) {
    const at = turn === 0 ? p : q;
    const other = turn === 0 ? q : p;
    const ax = at % W;
    const ay = (at - ax) / W;
    // What the other pixel's copy would show here, and what this pixel's copy shows there.
    const mine = pixelAt(s, ax + workShiftX[other]!, ay + workShiftY[other]!);
    const ox = other % W;
    const oy = (other - ox) / W;
    const theirs = pixelAt(s, ox + workShiftX[at]!, oy + workShiftY[at]!);
    for (let ch = 0; ch < c; ch++) {
      const own = data[at * c + ch]!;
      if (mine >= 0) mismatch += (own - data[mine + ch]!) ** 2;
      if (theirs >= 0) busy += (own - data[theirs + ch]!) ** 2;
    }
  }
  return Math.min(1, mismatch / (s.visibleSq + s.busyWeight * busy));
}

/** Index into `data` of working pixel (x, y), -1 outside the canvas. */
function pixelAt(s: SeamCanvas, x: number, y: number): number {
  return x < 0 || y < 0 || x >= s.W || y >= s.H ? -1 : (y * s.W + x) * s.c;
}

/**
 * Per working pixel, the root of the mean squared colour step to its 4-neighbours showing the
 * same copy (or the original): how textured the copy it shows is there.
 */
function copyTexture(plan: FillPlan): Float32Array {
  const { width: W, height: H, channels: c, data } = plan.work;
  const { copyOf } = plan.shifts;
  const out = new Float32Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      let sum = 0;
      let n = 0;
      for (let k = 0; k < 4; k++) {
        const qx = k === 0 ? x - 1 : k === 1 ? x + 1 : x;
        const qy = k === 2 ? y - 1 : k === 3 ? y + 1 : y;
        if (qx < 0 || qy < 0 || qx >= W || qy >= H) continue;
        const q = qy * W + qx;
        if (copyOf[q] !== copyOf[p]) continue;
        for (let ch = 0; ch < c; ch++) sum += (data[p * c + ch]! - data[q * c + ch]!) ** 2;
        n++;
      }
      out[p] = n > 0 ? Math.sqrt(sum / n) : 0;
    }
  }
  return out;
}

/**
 * Share of the new pixels copied from within `depth` (a share of the original's size across
 * the side) of the edge they extend: thin strips of the edge side by side, which stack whatever
 * the frame cuts.
 */
function edgeShare(plan: FillPlan, depth: number): number {
  const { work, shifts, workSteps } = plan;
  const { width: W, origin, originalWidth: ow, originalHeight: oh } = work;
  const original = workSteps[0]!;
  let near = 0;
  let count = 0;
  for (let p = 0; p < origin.length; p++) {
    if (shifts.copyOf[p]! < 0) continue;
    const o = origin[p]!;
    if (o < 0) continue;
    const x = p % W;
    const y = (p - x) / W;
    const ox = o % ow;
    const oy = (o - ox) / ow;
    count++;
    const inStrip =
      (x < original.x0 && ox < depth * ow) ||
      (x >= original.x1 && ox >= (1 - depth) * ow) ||
      (y < original.y0 && oy < depth * oh) ||
      (y >= original.y1 && oy >= (1 - depth) * oh);
    if (inStrip) near++;
  }
  return count > 0 ? near / count : 0;
}

/** Share of the new pixels whose copy comes from what is rare along the side it extends. */
function fragmentShare(plan: FillPlan, threshold: number): number {
  const { work, rarity, shifts, workSteps } = plan;
  const { width: W, origin } = work;
  const original = workSteps[0]!;
  let rare = 0;
  let count = 0;
  for (let p = 0; p < origin.length; p++) {
    if (shifts.copyOf[p]! < 0) continue;
    const x = p % W;
    const y = (p - x) / W;
    const o = origin[p]!;
    if (o < 0) continue;
    let r = 0;
    if (x < original.x0) r = Math.max(r, rarity[0]![o]!);
    if (x >= original.x1) r = Math.max(r, rarity[1]![o]!);
    if (y < original.y0) r = Math.max(r, rarity[2]![o]!);
    if (y >= original.y1) r = Math.max(r, rarity[3]![o]!);
    count++;
    if (r >= threshold) rare++;
  }
  return count > 0 ? rare / count : 0;
}
