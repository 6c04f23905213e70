import type { Plane } from '../frame';
import type { Candidate, CaseGeometry } from './context';
import { SEAM_MARGIN } from './context';

/** Box widths (px) either side of a line for luma steps: 1 finds hard cuts, 4 soft ones. */
const STEP_WIDTHS = [1, 4];
/** Box width (px) either side of a line over which texture (mean gradient) is compared. */
const TEXTURE_WIDTH = 8;
/** Added to both sides' mean gradient so plain areas do not make huge log-ratios. */
const TEXTURE_FLOOR = 2;
/** Lines are judged over segments of this share of the canvas's shorter side (at least 32 px). */
const SEGMENT_SHARE = 1 / 6;

type SeamKind = 'step' | 'texture';

export interface SeamLine {
  /**
   * Median excess along the segment over the parallel lines beside it: for a step in grey
   * levels, for texture in |ln(ratio)| of the mean gradient on the two sides.
   */
  strength: number;
  orientation: 'vertical' | 'horizontal';
  /** Where the line runs (its x for vertical lines, y for horizontal) and the segment's start. */
  at: number;
  from: number;
}

/**
 * The strongest straight, axis-aligned discontinuity inside the new area (away from the
 * original's border) that holds along a long segment, above the same measure on the parallel
 * lines next to it: a step in luma ("step"), or a change of sharpness, as where a sharp band
 * turns to mush ("texture"). Band transitions and rectangular patches in a fill show as such
 * lines; the real photo's own (a horizon, a facade's edge) set what is natural. Vertical and
 * horizontal lines are kept apart: a fill's vertical band edge is judged against the real
 * photo's vertical lines, not against its horizon.
 */
export function strongestSeams(
  c: Candidate,
  g: CaseGeometry,
  kind: SeamKind,
): Record<SeamLine['orientation'], SeamLine> {
  const segment = Math.max(32, Math.round(Math.min(g.width, g.height) * SEGMENT_SHARE));
  const source = kind === 'step' ? c.luma : gradientMagnitude(c);
  const vertical = strongestVertical(source, g.distance, segment, kind);
  const horizontal = strongestVertical(
    transpose(source),
    transpose({ width: g.width, height: g.height, data: g.distance }).data,
    segment,
    kind,
  );
  return {
    vertical: { ...vertical, orientation: 'vertical' },
    horizontal: { ...horizontal, orientation: 'horizontal' },
  };
}

function gradientMagnitude(c: Candidate): Plane {
  const data = new Float32Array(c.gx.length);
  for (let i = 0; i < data.length; i++) data[i] = Math.sqrt(c.gx[i]! ** 2 + c.gy[i]! ** 2);
  return { width: c.luma.width, height: c.luma.height, data };
}

function strongestVertical(
  p: Plane,
  distance: Float32Array,
  segment: number,
  kind: SeamKind,
): { strength: number; at: number; from: number } {
  const { width: w, height: h, data } = p;
  // Per row, running sums of the plane and of pixels too close to the original.
  const prefix = new Float64Array((w + 1) * h);
  const near = new Int32Array((w + 1) * h);
  for (let y = 0; y < h; y++) {
    let s = 0;
    let n = 0;
    for (let x = 0; x < w; x++) {
      s += data[y * w + x]!;
      if (distance[y * w + x]! < SEAM_MARGIN) n++;
      prefix[y * (w + 1) + x + 1] = s;
      near[y * (w + 1) + x + 1] = n;
    }
  }
  // The discontinuity across the line between columns x-1 and x, box width b, at row y.
  const across =
    kind === 'step'
      ? (x: number, y: number, b: number): number => {
          const row = y * (w + 1);
          return Math.abs(prefix[row + x + b]! - 2 * prefix[row + x]! + prefix[row + x - b]!) / b;
        }
      : (x: number, y: number, b: number): number => {
          const row = y * (w + 1);
          const right = (prefix[row + x + b]! - prefix[row + x]!) / b;
          const left = (prefix[row + x]! - prefix[row + x - b]!) / b;
          return Math.abs(Math.log((right + TEXTURE_FLOOR) / (left + TEXTURE_FLOOR)));
        };
  let best = { strength: 0, at: 0, from: 0 };
  const excess = new Float32Array(h);
  const valid = new Uint8Array(h);
  for (const b of kind === 'step' ? STEP_WIDTHS : [TEXTURE_WIDTH]) {
    const reach = 4 * b;
    for (let x = reach; x <= w - reach; x++) {
      for (let y = 0; y < h; y++) {
        const row = y * (w + 1);
        valid[y] = near[row + x + reach] === near[row + x - reach] ? 1 : 0;
        if (!valid[y]) continue;
        const beside =
          (across(x - 2 * b, y, b) +
            across(x + 2 * b, y, b) +
            across(x - 3 * b, y, b) +
            across(x + 3 * b, y, b)) /
          4;
        excess[y] = across(x, y, b) - beside;
      }
      for (let from = 0; from + segment <= h; from += segment >> 1) {
        let whole = true;
        for (let y = from; y < from + segment && whole; y++) whole = valid[y] === 1;
        if (!whole) continue;
        // The median beats the best so far only if half the values do: count before sorting.
        let above = 0;
        for (let y = from; y < from + segment; y++) if (excess[y]! > best.strength) above++;
        if (above <= segment >> 1) continue;
        const values = excess.slice(from, from + segment).sort();
        const strength = values[segment >> 1]!;
        if (strength > best.strength) best = { strength, at: x, from };
      }
    }
  }
  return best;
}

function transpose(p: Plane): Plane {
  const out = new Float32Array(p.data.length);
  for (let y = 0; y < p.height; y++) {
    for (let x = 0; x < p.width; x++) out[x * p.height + y] = p.data[y * p.width + x]!;
  }
  return { width: p.height, height: p.width, data: out };
}
