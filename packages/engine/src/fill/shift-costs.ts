import type { EdgeLine } from './edge-lines';
import type { Rect } from './growth';
import type { Raster } from './raster';
import { ReachLimits } from './reach-limits';
import type { FillScratch } from './scratch';
import { inRect, rectHeight, rectWidth } from './growth';
import type { Shift } from './shift-candidates';

/** The working canvas of one growth step: pixels known inside `known`, to be chosen in `next`. */
export interface StepCanvas {
  width: number;
  height: number;
  channels: number;
  data: Float32Array;
  known: Rect;
  next: Rect;
  /** Where the original itself lies. */
  original: Rect;
  /** For each known canvas pixel, the index of the original pixel it shows (-1 elsewhere). */
  origin: Int32Array;
  /** The original's size at this scale (what `origin` indexes). */
  originalWidth: number;
  originalHeight: number;
  /** On a plan's first step, where the original is all that is known: its `originalGuides`. */
  guides?: OriginalGuides;
}

/** What the costs read of the known area alone: the guide's local means and the busyness. */
type KnownArea = Pick<StepCanvas, 'width' | 'channels' | 'data' | 'known'>;

/**
 * The guide's local mean colours and the busyness of a working original, on its own pixels. A
 * plan's first step knows the original alone, so every placement and seed the search tries
 * reads these same values, moved to where the original sits: they are made once per working
 * original (the fill context keeps them) instead of once per plan.
 */
export interface OriginalGuides {
  means: Float32Array;
  busy: Float32Array;
}

export function originalGuides(original: Raster<Float32Array>): OriginalGuides {
  const { width, height, channels, data } = original;
  const area: KnownArea = { width, channels, data, known: { x0: 0, y0: 0, x1: width, y1: height } };
  return { means: localMeans(area, GUIDE_RADIUS), busy: busyness(area) };
}

/** `values` (per original pixel, `channels` each) moved onto the step's canvas, 0 elsewhere. */
function onCanvas(values: Float32Array, channels: number, step: StepCanvas): Float32Array {
  const { width: W, height: H, known } = step;
  const row = (known.x1 - known.x0) * channels;
  const out = new Float32Array(W * H * channels);
  for (let y = known.y0; y < known.y1; y++) {
    const from = (y - known.y0) * row;
    out.set(values.subarray(from, from + row), (y * W + known.x0) * channels);
  }
  return out;
}

export interface ShiftCostOptions {
  /** Per unit of rarity (0..1) of the copied original pixel: keeps the subject from being cloned. */
  rarityWeight: number;
  /**
   * Per pixel, times how deep inside the original (0 at the edge being extended, 1 at the far
   * side) the copied pixel lies: what continues an edge is what is near it; the subject of a
   * photo is usually deep inside.
   */
  depthWeight: number;
  /** On each pixel touching the known area, per pixel of the copy's overlap with it. */
  edgeWeight: number;
  /** How many known pixels inward the copy is compared with across the edge. */
  edgeDepth: number;
  /** Per pixel of slide along the edge: a horizon stays at its height unless sliding pays. */
  slideWeight: number;
  /** Cost of any change of copy between neighbours, on top of the colour mismatch. */
  labelChange: number;
  /**
   * Busyness (mean squared step to a neighbour) at which a seam's mismatch counts half: seams
   * in busy texture cost less than seams in plain areas.
   */
  busyLevel: number;
  /**
   * Per unit of squared difference between the two copies' texture (root of their busyness) at a
   * seam, never discounted by busyness: a box of sea in the sky or of gravel in a smooth wall shows
   * however busy one side is, so such a change of copy is all but forbidden.
   */
  textureChange: number;
  /**
   * Near the edge, per unit of squared colour difference between the copy's local mean colour and
   * the edge's own at the same height (or place along the edge): sky continues beside sky and a
   * ridge beside the ridge, so the blend never has to paper over a structural mismatch...
   */
  guideWeight: number;
  /** ...fading with distance from the edge over this share of the known size across it. */
  guideReach: number;
  /** Half-width (working px) of a line's extension where copies along it are free of rarity... */
  lineBand: number;
  /**
   * ...and where any other copy costs this much per pixel: a line drawn on costs the seams along
   * both its sides, a line that stops costs only its end, so without it cables stop at the edge.
   */
  lineWeight: number;
  /** Stand-in cost where one copy of a neighbour pair has no source. */
  unreachable: number;
  /** Share of random variation on each shift's costs: the seed picks among near-equal fills. */
  jitter: number;
  /** Share by which each straight copy's reach is cut short at most (see `reachLimits`)... */
  reachWobble: number;
  /** ...varying along the edge with this wavelength (working px). */
  reachWavelength: number;
}

/**
 * Unary costs, `unary[k * L + l]` for the k-th free pixel of the step in raster order (Infinity
 * where shift l lands outside the known area), and `rarity` per original pixel and side (left,
 * right, top, bottom). The unary array lives in `scratch`: it is only valid until the next call.
 */
export function unaryCosts(
  step: StepCanvas,
  shifts: readonly Shift[],
  rarity: readonly Float32Array[],
  rng: () => number,
  options: ShiftCostOptions,
  scratch: FillScratch,
): { free: Uint8Array; unary: Float32Array } {
  const { width: W, height: H, channels: c, data, known, next, origin } = step;
  const { x0: kx0, y0: ky0, x1: kx1, y1: ky1 } = known;
  const L = shifts.length;
  const free = new Uint8Array(W * H);
  const overlapX = Math.max(0, Math.min(next.x1, known.x1) - Math.max(next.x0, known.x0));
  const overlapY = Math.max(0, Math.min(next.y1, known.y1) - Math.max(next.y0, known.y0));
  const freeCount = rectWidth(next) * rectHeight(next) - overlapX * overlapY;
  // At 20,000 free pixels and about 120 shifts this is 10 MB, kept between calls.
  const unary = scratch.array('costs.unary', freeCount * L, Float32Array).fill(Infinity);
  const jitter = Float64Array.from(shifts, () => 1 + options.jitter * (rng() * 2 - 1));
  const reach = new ReachLimits(shifts, known, next, Math.max(W, H), rng, options);
  const smooth = step.guides
    ? onCanvas(step.guides.means, c, step)
    : localMeans(step, GUIDE_RADIUS);
  const kw = kx1 - kx0;
  const kh = ky1 - ky0;
  const lines = [...new Set(shifts.flatMap((s) => (s.alongLine ? [s.alongLine.line] : [])))];
  /** Per shift, the bit of the line it copies along (0 for straight copies). */
  const lineBit = Int32Array.from(shifts, (s) =>
    s.alongLine ? 1 << lines.indexOf(s.alongLine.line) : 0,
  );
  const dxs = Int32Array.from(shifts, (s) => s.dx);
  const dys = Int32Array.from(shifts, (s) => s.dy);
  /** Per shift, the slide cost of a copy past a left or right side, and past a top or bottom. */
  const slideAcrossX = Float64Array.from(shifts, (s) => options.slideWeight * Math.abs(s.dy));
  const slideAcrossY = Float64Array.from(shifts, (s) => options.slideWeight * Math.abs(s.dx));
  const depths = scratch.lastOf(
    'costs.depths',
    `${step.originalWidth}x${step.originalHeight}`,
    () => sideDepths(step.originalWidth, step.originalHeight),
  );
  const { rarityWeight, depthWeight, lineWeight } = options;
  /** Per side, the rarity and depth cost of copying each original pixel past that side alone. */
  const sideCosts = depths.map((depth, side) => {
    const costs = scratch.array(`costs.side${side}`, depth.length, Float64Array);
    const rare = rarity[side]!;
    for (let o = 0; o < depth.length; o++)
      costs[o] = rarityWeight * rare[o]! + depthWeight * depth[o]!;
    return costs;
  });
  /** The current pixel's rank among the free pixels. */
  let rank = 0;
  for (let y = next.y0; y < next.y1; y++) {
    for (let x = next.x0; x < next.x1; x++) {
      if (inRect(known, x, y)) continue;
      free[y * W + x] = 1;
      const row = rank++ * L;
      let crossing = 0;
      for (let i = 0; i < lines.length; i++) {
        if (onLine(step.original, lines[i]!, x, y, options.lineBand)) crossing |= 1 << i;
      }
      const left = x < kx0;
      const right = x >= kx1;
      const top = y < ky0;
      const bottom = y >= ky1;
      const acrossX = left || right;
      /** The sides the pixel lies past: a side across x, one across y, or both (a corner). */
      const sideX = left ? 0 : right ? 1 : -1;
      const sideY = top ? 2 : bottom ? 3 : -1;
      const single = sideY < 0 ? sideCosts[sideX]! : sideX < 0 ? sideCosts[sideY]! : undefined;
      const slides = acrossX ? slideAcrossX : slideAcrossY;
      const touches = touchesKnown(known, x, y);
      const edge = (clamp(y, ky0, ky1 - 1) * W + clamp(x, kx0, kx1 - 1)) * c;
      const across = acrossX ? kw : kh;
      const distance = Math.max(kx0 - x, x - kx1 + 1, ky0 - y, y - ky1 + 1);
      const guide = options.guideWeight * Math.exp(-distance / (options.guideReach * across));
      reach.moveTo(x, y);
      for (let l = 0; l < L; l++) {
        const sx = x + dxs[l]!;
        const sy = y + dys[l]!;
        if (sx < kx0 || sx >= kx1 || sy < ky0 || sy >= ky1) continue;
        if (!reach.allows(l)) continue;
        const o = origin[sy * W + sx]!;
        const carriesLine = (crossing & lineBit[l]!) !== 0;
        let cost = 0;
        if (!carriesLine) {
          if (single !== undefined) {
            cost = single[o]!;
          } else {
            const rare = Math.max(rarity[sideX]![o]!, rarity[sideY]![o]!);
            const depth = Math.max(depths[sideX]![o]!, depths[sideY]![o]!);
            cost = rarityWeight * rare + depthWeight * depth;
          }
          if (crossing !== 0) cost += lineWeight;
          cost += slides[l]!;
          const s = (sy * W + sx) * c;
          let off = 0;
          for (let ch = 0; ch < c; ch++) off += (smooth[s + ch]! - smooth[edge + ch]!) ** 2;
          cost += guide * off;
        }
        if (touches) {
          cost +=
            options.edgeWeight *
            edgeMismatch(data, W, c, known, x, y, dxs[l]!, dys[l]!, options.edgeDepth);
        }
        unary[row + l] = cost * jitter[l]!;
      }
    }
  }
  return { free, unary };
}

/**
 * Per side (left, right, top, bottom), how deep inside the original each of its pixels lies seen
 * from that side: 0 at the edge being extended, 1 at the far side. Every growth step of a plan
 * asks for the same size, so `unaryCosts` keeps the last answer in its scratch.
 */
function sideDepths(ow: number, oh: number): Float64Array[] {
  const depths = [0, 1, 2, 3].map(() => new Float64Array(ow * oh));
  for (let o = 0; o < ow * oh; o++) {
    const ox = o % ow;
    const oy = (o - ox) / ow;
    depths[0]![o] = ox / ow;
    depths[1]![o] = 1 - (ox + 1) / ow;
    depths[2]![o] = oy / oh;
    depths[3]![o] = 1 - (oy + 1) / oh;
  }
  return depths;
}

/**
 * Whether new pixel (x, y) lies on the line's extension past its side of the original, within
 * `band` px: there a copy along the line carries on what crosses the edge, so neither the rarity
 * of its colour (a cable is rare along the edge it crosses), its depth, nor its difference from
 * the edge beside it (the line leaves the height where it crossed) counts against it.
 */
function onLine(original: Rect, line: EdgeLine, x: number, y: number, band: number): boolean {
  const horizontal = line.side === 'left' || line.side === 'right';
  const out =
    line.side === 'left'
      ? original.x0 - x
      : line.side === 'right'
        ? x - original.x1 + 1
        : line.side === 'top'
          ? original.y0 - y
          : y - original.y1 + 1;
  if (out <= 0) return false;
  const start = horizontal ? original.y0 : original.x0;
  const length = horizontal ? original.y1 - original.y0 : original.x1 - original.x0;
  const along = (horizontal ? y : x) - start;
  return Math.abs(along - (line.at * length - line.slope * out)) <= band;
}

/** Window radius (working px) of the local mean colours the guidance compares. */
const GUIDE_RADIUS = 2;

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** Mean colour of the known pixels within `radius` of each known pixel. */
function localMeans(step: KnownArea, radius: number): Float32Array {
  const { width: W, channels: c, data, known } = step;
  const out = new Float32Array(data.length);
  for (let y = known.y0; y < known.y1; y++) {
    const y0 = Math.max(known.y0, y - radius);
    const y1 = Math.min(known.y1 - 1, y + radius);
    for (let x = known.x0; x < known.x1; x++) {
      const x0 = Math.max(known.x0, x - radius);
      const x1 = Math.min(known.x1 - 1, x + radius);
      const n = (y1 - y0 + 1) * (x1 - x0 + 1);
      const o = (y * W + x) * c;
      for (let ch = 0; ch < c; ch++) {
        // Summed in float32, in the order a float32 array would sum it.
        let sum = 0;
        for (let yy = y0; yy <= y1; yy++) {
          for (let i = (yy * W + x0) * c + ch, end = (yy * W + x1) * c + ch; i <= end; i += c) {
            sum = Math.fround(sum + data[i]! / n);
          }
        }
        out[o + ch] = sum;
      }
    }
  }
  return out;
}

function touchesKnown(known: Rect, x: number, y: number): boolean {
  return (
    inRect(known, x + 1, y) ||
    inRect(known, x - 1, y) ||
    inRect(known, x, y + 1) ||
    inRect(known, x, y - 1)
  );
}

/** The directions `edgeMismatch` looks in from a new pixel: right, left, down, up. */
const EDGE_STEP_X = [1, -1, 0, 0] as const;
const EDGE_STEP_Y = [0, 0, 1, -1] as const;

/** Per channel, the mismatch of a copy that has nothing to compare with the known edge. */
const UNMATCHED_EDGE = 128 ** 2;

/**
 * Where pixel (x, y) touches the known area, how far the shifted copy differs from what is known
 * there: the known pixels next to it and `depth` inward, against the copy's pixels at the same
 * places (mean squared colour difference). That is the seam this copy would leave at the edge.
 */
function edgeMismatch(
  data: Float32Array,
  W: number,
  c: number,
  known: Rect,
  x: number,
  y: number,
  dx: number,
  dy: number,
  depth: number,
): number {
  let sum = 0;
  let n = 0;
  let touches = false;
  for (let side = 0; side < 4; side++) {
    const nx = EDGE_STEP_X[side]!;
    const ny = EDGE_STEP_Y[side]!;
    for (let k = 1; k <= depth; k++) {
      const kx = x + nx * k;
      const ky = y + ny * k;
      if (!inRect(known, kx, ky)) break;
      touches = true;
      const sx = kx + dx;
      const sy = ky + dy;
      if (!inRect(known, sx, sy)) break;
      const a = (ky * W + kx) * c;
      const b = (sy * W + sx) * c;
      for (let ch = 0; ch < c; ch++) {
        const d = data[a + ch]! - data[b + ch]!;
        sum += d * d;
      }
      n++;
    }
  }
  if (n > 0) return sum / n;
  return touches ? UNMATCHED_EDGE * c : 0;
}

/**
 * The seam cost between neighbours p and q given copies a and b (Kwatra et al. 2003): how much
 * the two copies differ at both pixels, divided by how busy the copies are there, since a seam
 * through leaves or gravel hides where one through sky or a wall shows. Where the copies agree
 * the change of copy is invisible.
 */
export function seamCost(
  step: StepCanvas,
  shifts: readonly Shift[],
  options: ShiftCostOptions,
  scratch: FillScratch,
): (p: number, q: number, a: number, b: number) => number {
  const { width: W, height: H, channels: c, data, known } = step;
  const busy = step.guides ? onCanvas(step.guides.busy, 1, step) : busyness(step);
  /** Each known pixel's texture (root of its busyness), once rather than per seam. */
  const texture = new Float64Array(busy.length);
  for (let p = 0; p < busy.length; p++) texture[p] = Math.sqrt(busy[p]!);
  const { x0, y0, x1, y1 } = known;
  const dxs = Int32Array.from(shifts, (s) => s.dx);
  const dys = Int32Array.from(shifts, (s) => s.dy);
  const { column, row } = scratch.lastOf('costs.grid', `${W}x${H}`, () => pixelGrid(W, H));
  const { labelChange, textureChange: textureWeight } = options;
  const reachNone = labelChange + options.unreachable;
  const busyScale = 1 / (4 * options.busyLevel);
  // The last pair asked for and its cost: a move asks for a pair with its labels one way round,
  // then often the other way round (both ends keeping one label), which costs exactly the same.
  let lastP = -1;
  let lastQ = -1;
  let lastA = -1;
  let lastB = -1;
  let lastCost = 0;
  return (p, q, a, b) => {
    if (p === lastP && q === lastQ) {
      if ((a === lastA && b === lastB) || (a === lastB && b === lastA)) return lastCost;
    }
    lastP = p;
    lastQ = q;
    lastA = a;
    lastB = b;
    lastCost = seam(p, q, a, b);
    return lastCost;
  };

  function seam(p: number, q: number, a: number, b: number): number {
    const dxa = dxs[a]!;
    const dya = dys[a]!;
    const dxb = dxs[b]!;
    const dyb = dys[b]!;
    let mismatch = 0;
    let activity = 0;
    let textureChange = 0;
    let reached = 0;
    // The two copies' difference and busyness at p, then at q, where both copies have a source.
    for (let pixel = p, k = 0; k < 2; pixel = q, k++) {
      const x = column[pixel]!;
      const y = row[pixel]!;
      const ax = x + dxa;
      const ay = y + dya;
      const bx = x + dxb;
      const by = y + dyb;
      if (ax < x0 || ax >= x1 || ay < y0 || ay >= y1) continue;
      if (bx < x0 || bx >= x1 || by < y0 || by >= y1) continue;
      reached++;
      const i = ay * W + ax;
      const j = by * W + bx;
      for (let ch = 0, ic = i * c, jc = j * c; ch < c; ch++) {
        const d = data[ic + ch]! - data[jc + ch]!;
        mismatch += d * d;
      }
      activity += busy[i]! + busy[j]!;
      textureChange += (texture[i]! - texture[j]!) ** 2;
    }
    if (reached === 0) return reachNone;
    // Where a copy reaches one pixel of the pair only, that pixel stands for both.
    const scale = reached === 2 ? 1 : 2;
    const visible = 1 + activity * scale * busyScale;
    return labelChange + (mismatch * scale) / visible + textureWeight * textureChange * scale;
  }
}

/**
 * Each pixel's column and row, once rather than a division per seam; every growth step of a plan
 * has the same canvas, so `seamCost` keeps the last answer in its scratch.
 */
function pixelGrid(width: number, height: number): { column: Int32Array; row: Int32Array } {
  const column = new Int32Array(width * height);
  const row = new Int32Array(width * height);
  for (let p = 0; p < width * height; p++) {
    column[p] = p % width;
    row[p] = (p - column[p]!) / width;
  }
  return { column, row };
}

const NEIGHBOUR_X = [-1, 1, 0, 0] as const;
const NEIGHBOUR_Y = [0, 0, -1, 1] as const;

/** Mean squared colour difference of each known pixel to its 4 neighbours. */
function busyness(step: KnownArea): Float32Array {
  const { width: W, channels: c, data, known } = step;
  const out = new Float32Array(data.length / c);
  for (let y = known.y0; y < known.y1; y++) {
    for (let x = known.x0; x < known.x1; x++) {
      const p = y * W + x;
      let sum = 0;
      let n = 0;
      // Left, right, up, down.
      for (let k = 0; k < 4; k++) {
        const qx = x + NEIGHBOUR_X[k]!;
        const qy = y + NEIGHBOUR_Y[k]!;
        if (!inRect(known, qx, qy)) continue;
        const q = qy * W + qx;
        for (let ch = 0; ch < c; ch++) sum += (data[p * c + ch]! - data[q * c + ch]!) ** 2;
        n++;
      }
      out[p] = n > 0 ? sum / n : 0;
    }
  }
  return out;
}
