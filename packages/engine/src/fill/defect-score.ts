import type { FillPlan } from './shift-map-fill';

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
  /** Rarity (0..1, see colour-rarity.ts) from which a copied pixel counts as distinctive. */
  distinctive: number;
  /** Strip widths tried for the edge echo, as shares of the original's size across the side. */
  echoWidths: readonly number[];
  /** Weights of the three parts in the score. */
  seamWeight: number;
  fragmentWeight: number;
  echoWeight: number;
}

/** The parts of a plan's predicted defects, and their weighted sum (lower is better). */
export interface DefectScore {
  /** Visible seam length (straight seams counted over), per side length of the new area. */
  seams: number;
  /** Share of the new area copied from what is rare along the edge it extends. */
  fragments: number;
  /** How strongly the new area just outside a side repeats the original just inside it (0..1). */
  echo: number;
  total: number;
}

/**
 * Predicts, with no ground truth, how visibly a plan will fail, from its working canvas alone:
 * seams where two copies disagree (more when they run straight, as a box or a step does),
 * distinctive content copied away from where it belongs, and a subject cut by a side shown again
 * beside itself ("edge repeated").
 */
export function defectScore(plan: FillPlan, options: DefectOptions): DefectScore {
  const seams = seamScore(plan, options);
  const fragments = fragmentShare(plan, options.distinctive);
  const echo = edgeEcho(plan, options.echoWidths);
  const total =
    options.seamWeight * seams + options.fragmentWeight * fragments + options.echoWeight * echo;
  return { seams, fragments, echo, total };
}

/**
 * Each pair of neighbouring new pixels that took different copies counts by how much the two
 * copies differ there (0..1); pairs on a straight run of `straightRun` or more working pixels
 * count `straightWeight` times. Summed, then divided by the square root of the new area, so a
 * fill's score does not grow with its working size.
 */
function seamScore(plan: FillPlan, options: DefectOptions): number {
  const { work, shifts, workShiftX, workShiftY } = plan;
  const { width: W, height: H, channels: c, data } = work;
  const { copyOf } = shifts;
  const visibleSq = 2 * c * options.seamVisible ** 2;
  /** Index into `data` of working pixel (x, y), -1 outside the canvas. */
  const pixelAt = (x: number, y: number): number =>
    x < 0 || y < 0 || x >= W || y >= H ? -1 : (y * W + x) * c;
  /** Visibility (0..1) of the seam between p and its neighbour q = p + step, 0 without one. */
  const visibility = (p: number, q: number): number => {
    const a = copyOf[p]!;
    const b = copyOf[q]!;
    if (a < 0 || b < 0 || a === b) return 0;
    let mismatch = 0;
    let busy = 0;
    for (const [at, other] of [
      [p, q],
      [q, p],
    ] as const) {
      const ax = at % W;
      const ay = (at - ax) / W;
      // What the other pixel's copy would show here, and what this pixel's copy shows there.
      const mine = pixelAt(ax + workShiftX[other]!, ay + workShiftY[other]!);
      const ox = other % W;
      const oy = (other - ox) / W;
      const theirs = pixelAt(ox + workShiftX[at]!, oy + workShiftY[at]!);
      for (let ch = 0; ch < c; ch++) {
        const own = data[at * c + ch]!;
        if (mine >= 0) mismatch += (own - data[mine + ch]!) ** 2;
        if (theirs >= 0) busy += (own - data[theirs + ch]!) ** 2;
      }
    }
    return Math.min(1, mismatch / (visibleSq + options.busyWeight * busy));
  };
  let total = 0;
  let count = 0;
  // Vertical seams (between x and x + 1), then horizontal ones (between y and y + 1), each run
  // along its own direction so straight runs can be measured.
  for (const vertical of [true, false]) {
    const lanes = vertical ? W - 1 : H - 1;
    const length = vertical ? H : W;
    for (let lane = 0; lane < lanes; lane++) {
      let run = 0;
      let runSum = 0;
      for (let i = 0; i <= length; i++) {
        let v = 0;
        if (i < length) {
          const p = vertical ? i * W + lane : lane * W + i;
          v = visibility(p, vertical ? p + 1 : p + W);
        }
        if (v > 0) {
          run++;
          runSum += v;
          continue;
        }
        if (run > 0) total += run >= options.straightRun ? runSum * options.straightWeight : runSum;
        run = 0;
        runSum = 0;
      }
    }
  }
  for (let p = 0; p < W * H; p++) if (copyOf[p]! >= 0) count++;
  return count > 0 ? total / Math.sqrt(count) : 0;
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

/** Std (grey levels) either strip is lifted to, so plain sky beside plain sky scores near 0. */
const STD_FLOOR = 4;
/** Radius (working px) of the mean taken off each pixel: shading along the edge is not an echo. */
const SURROUND = 4;

/**
 * How strongly the new strip of width d outside a growing side correlates with the original's
 * strip of width d inside it, moved across by d: a subject cut by the side stacked beside itself.
 * The highest over the widths tried and the sides (as the bench's "edge repeated").
 */
function edgeEcho(plan: FillPlan, widths: readonly number[]): number {
  const { work, workSteps } = plan;
  const { width: W, height: H } = work;
  const detail = lumaDetail(work.data, W, H, work.channels);
  const k = workSteps[0]!;
  const kw = k.x1 - k.x0;
  const kh = k.y1 - k.y0;
  const sides = [
    { room: k.x0, size: kw, horizontal: true, sign: -1, edge: k.x0 },
    { room: W - k.x1, size: kw, horizontal: true, sign: 1, edge: k.x1 },
    { room: k.y0, size: kh, horizontal: false, sign: -1, edge: k.y0 },
    { room: H - k.y1, size: kh, horizontal: false, sign: 1, edge: k.y1 },
  ];
  let echo = 0;
  for (const side of sides) {
    if (side.room < 2) continue;
    const from = (side.horizontal ? k.y0 : k.x0) + 1;
    const to = (side.horizontal ? k.y1 : k.x1) - 1;
    for (const share of widths) {
      const d = Math.min(side.room, Math.round(share * side.size));
      if (d < 2) continue;
      const inStart = side.sign > 0 ? side.edge - d : side.edge;
      const outStart = side.sign > 0 ? side.edge : side.edge - d;
      const at = (across: number, along: number): number =>
        side.horizontal ? detail[along * W + across]! : detail[across * W + along]!;
      const a: number[] = [];
      const b: number[] = [];
      for (let along = from; along < to; along++) {
        for (let i = 0; i < d; i++) {
          a.push(at(inStart + i, along));
          b.push(at(outStart + i, along));
        }
      }
      echo = Math.max(echo, correlation(a, b));
    }
  }
  return echo;
}

/** Pearson correlation, each side's std lifted to STD_FLOOR; 0 when either is empty. */
function correlation(a: number[], b: number[]): number {
  const n = a.length;
  if (n === 0) return 0;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i]!;
    mb += b[i]!;
  }
  ma /= n;
  mb /= n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    sab += (a[i]! - ma) * (b[i]! - mb);
    saa += (a[i]! - ma) ** 2;
    sbb += (b[i]! - mb) ** 2;
  }
  const floor = n * STD_FLOOR ** 2;
  return Math.max(0, sab / Math.sqrt(Math.max(saa, floor) * Math.max(sbb, floor)));
}

/** Luma of each working pixel minus the mean luma within SURROUND of it. */
function lumaDetail(data: Float32Array, W: number, H: number, c: number): Float32Array {
  const sums = new Float64Array((W + 1) * (H + 1));
  const luma = (p: number): number =>
    c >= 3
      ? 0.299 * data[p * c]! + 0.587 * data[p * c + 1]! + 0.114 * data[p * c + 2]!
      : data[p * c]!;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      sums[(y + 1) * (W + 1) + x + 1] =
        luma(y * W + x) +
        sums[y * (W + 1) + x + 1]! +
        sums[(y + 1) * (W + 1) + x]! -
        sums[y * (W + 1) + x]!;
    }
  }
  const out = new Float32Array(W * H);
  for (let y = 0; y < H; y++) {
    const y0 = Math.max(0, y - SURROUND);
    const y1 = Math.min(H, y + SURROUND + 1);
    for (let x = 0; x < W; x++) {
      const x0 = Math.max(0, x - SURROUND);
      const x1 = Math.min(W, x + SURROUND + 1);
      const sum =
        sums[y1 * (W + 1) + x1]! -
        sums[y0 * (W + 1) + x1]! -
        sums[y1 * (W + 1) + x0]! +
        sums[y0 * (W + 1) + x0]!;
      out[y * W + x] = luma(y * W + x) - sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return out;
}
