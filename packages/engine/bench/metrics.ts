/**
 * What the eye sees in an extension, measured on the new area of a ground-truth case (a crop of
 * a real photo extended back to the photo's frame) for one candidate, each relative to the real
 * photo on the same case so the real photo scores "natural" (1, or its own share).
 */
import type { Frame, Rect } from './frame';
import type { CloneSource } from './metrics/clones';
import { cloneShare, cloneSource } from './metrics/clones';
import type { Candidate, CaseGeometry } from './metrics/context';
import { candidate, caseGeometry, ratio } from './metrics/context';
import { flatShare, flatThreshold } from './metrics/flatness';
import type { Line } from './metrics/lines';
import { continuation, dominantLines } from './metrics/lines';
import { borderStep } from './metrics/border';
import { edgeEcho } from './metrics/echo';
import type { SeamLine } from './metrics/seams';
import { strongestSeams } from './metrics/seams';
import type { Band } from './metrics/sharpness';
import { bandSharpness } from './metrics/sharpness';

/** Floors (in each metric's own unit) that keep a near-zero real value from exploding a ratio. */
const SHARPNESS_FLOOR = 0.5;
const FLAT_SHARE_FLOOR = 0.02;
const SEAM_FLOOR = 2;
const TEXTURE_SEAM_FLOOR = 0.1;
const BORDER_FLOOR = 1;
/** A dominant line counts when the real photo continues it over at least this share of the way. */
const REAL_CONTINUES = 0.5;

export interface Quality {
  /** Mean gradient in each distance third, as a ratio to the real photo's (real = 1). */
  sharpness: Record<Band, number>;
  /** Share of flat or posterised blocks (0-1), and its ratio to the real photo's own share. */
  flatShare: number;
  flat: number;
  /**
   * Strongest straight discontinuity inside the new area, relative to the real photo's: a step
   * in luma, and a change of sharpness.
   */
  seam: number;
  seamLine: SeamLine;
  textureSeam: number;
  textureSeamLine: SeamLine;
  /** Share (0-1) of the new area that is a near-exact copy of a distinctive original patch. */
  clones: number;
  /** Share (0-1) of the dominant lines' extension that carries on (NaN: no lines), and its
   * ratio to the real photo's own. */
  lines: number;
  lineRatio: number;
  /** Mean luma step across the original's border, relative to the real photo's. */
  border: number;
  /** How strongly the new area repeats what lies just inside the original's edge (0-1). */
  echo: number;
}

/** A case's reference: the real photo's own measures, computed once. */
interface Reference {
  geometry: CaseGeometry;
  real: Candidate;
  sharpness: Record<Band, number>;
  flatThreshold: number;
  flatShare: number;
  seam: Record<SeamLine['orientation'], SeamLine>;
  textureSeam: Record<SeamLine['orientation'], SeamLine>;
  border: number;
  clones: CloneSource;
  lines: Line[];
  lineShare: number;
}

export function reference(real: Frame, known: Rect): Reference {
  const geometry = caseGeometry(real.width, real.height, known);
  const c = candidate(real);
  const threshold = flatThreshold(c, geometry);
  // Only the lines the real photo itself carries on: a line that ends there need not continue.
  const lines = dominantLines(c, known).filter(
    (l) => continuation(c, known, [l]) >= REAL_CONTINUES,
  );
  return {
    geometry,
    real: c,
    sharpness: bandSharpness(c, geometry),
    flatThreshold: threshold,
    flatShare: flatShare(c, geometry, threshold),
    seam: strongestSeams(c, geometry, 'step'),
    textureSeam: strongestSeams(c, geometry, 'texture'),
    border: borderStep(c, known),
    clones: cloneSource(c, known),
    lines,
    lineShare: continuation(c, known, lines),
  };
}

export function measureQuality(frame: Frame, ref: Reference): Quality {
  const g = ref.geometry;
  const c = frame === ref.real.frame ? ref.real : candidate(frame);
  const sharp = bandSharpness(c, g);
  const flat = flatShare(c, g, ref.flatThreshold);
  const seam = seamRatio(strongestSeams(c, g, 'step'), ref.seam, SEAM_FLOOR);
  const textureSeam = seamRatio(
    strongestSeams(c, g, 'texture'),
    ref.textureSeam,
    TEXTURE_SEAM_FLOOR,
  );
  const lines = continuation(c, g.known, ref.lines);
  return {
    sharpness: {
      near: ratio(sharp.near, ref.sharpness.near, SHARPNESS_FLOOR),
      middle: ratio(sharp.middle, ref.sharpness.middle, SHARPNESS_FLOOR),
      far: ratio(sharp.far, ref.sharpness.far, SHARPNESS_FLOOR),
    },
    flatShare: flat,
    flat: flat / Math.max(FLAT_SHARE_FLOOR, ref.flatShare),
    seam: seam.ratio,
    seamLine: seam.line,
    textureSeam: textureSeam.ratio,
    textureSeamLine: textureSeam.line,
    clones: cloneShare(c, g, ref.clones),
    lines,
    lineRatio: ref.lineShare > 0 ? lines / ref.lineShare : Number.NaN,
    border: ratio(borderStep(c, g.known), ref.border, BORDER_FLOOR),
    echo: edgeEcho(c, g.known),
  };
}

/** The orientation where the candidate's strongest line is furthest above the real photo's. */
function seamRatio(
  lines: Record<SeamLine['orientation'], SeamLine>,
  real: Record<SeamLine['orientation'], SeamLine>,
  floor: number,
): { ratio: number; line: SeamLine } {
  const v = ratio(lines.vertical.strength, real.vertical.strength, floor);
  const h = ratio(lines.horizontal.strength, real.horizontal.strength, floor);
  return v >= h ? { ratio: v, line: lines.vertical } : { ratio: h, line: lines.horizontal };
}
