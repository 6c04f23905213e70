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
  /** Weights of the parts in the score. */
  seamWeight: number;
  fragmentWeight: number;
}

/** The parts of a plan's predicted defects, and their weighted sum (lower is better). */
export interface DefectScore {
  /** Visible seam length (straight seams counted over), per side length of the new area. */
  seams: number;
  /** Share of the new area copied from what is rare along the edge it extends. */
  fragments: number;
  total: number;
}

/**
 * Predicts, with no ground truth, how visibly a plan will fail, from its working canvas alone:
 * seams where two copies disagree (more when they run straight, as a box or a step does), and
 * distinctive content copied away from where it belongs.
 */
export function defectScore(plan: FillPlan, options: DefectOptions): DefectScore {
  const seams = seamScore(plan, options);
  const fragments = fragmentShare(plan, options.distinctive);
  const total = options.seamWeight * seams + options.fragmentWeight * fragments;
  return { seams, fragments, total };
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
