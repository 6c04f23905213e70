import type { DefectOptions, DefectPart, DefectScore } from './defect-score';
import { DEFECT_PARTS, defectScore, needsRender } from './defect-score';
import type { SeamView } from './detectors/seam-view';
import { seamView } from './detectors/seam-view';
import type { FillPlan } from './shift-map-fill';

/**
 * The confidence is a logistic of the predictor's parts, each read on a log scale (`partLevel`),
 * fitted to the results judged at full size (bench/verdicts.md, `npm run bench:confidence`):
 * `1 / (1 + exp(-(bias - sum of weight times ln(part + PART_FLOOR))))`. Only the parts with a
 * weight are measured.
 */
export interface Calibration {
  bias: number;
  weights: Partial<Record<DefectPart, number>>;
}

/**
 * A part below this reads as clean: the log's floor. The parts are sums over the new area, a few
 * results far above the rest; on a log scale the first visible defect moves the confidence as
 * much as doubling a bad one, which is how the verdicts read (EXPERIMENTS.md, "The confidence on
 * a log scale").
 */
export const PART_FLOOR = 0.05;

/** A part's value as the confidence reads it. */
export function partLevel(value: number): number {
  return Math.log(value + PART_FLOOR);
}

/** The confidence (0..1) for a defect score. */
export function confidenceOf(score: DefectScore, calibration: Calibration): number {
  let z = calibration.bias;
  for (const part of DEFECT_PARTS) {
    const weight = calibration.weights[part] ?? 0;
    if (weight !== 0) z -= weight * partLevel(score[part]);
  }
  return 1 / (1 + Math.exp(-z));
}

/** The parts a calibration reads: those with a weight. */
export function calibrationParts(calibration: Calibration): ReadonlySet<DefectPart> {
  return new Set(DEFECT_PARTS.filter((part) => (calibration.weights[part] ?? 0) !== 0));
}

/**
 * Judges a fill: measures the parts the confidence reads, and `also` those (the search's ranking
 * parts, or every part for the bench), on its labelling and, where a part needs it, on the result
 * as rendered (`pixels`, the plan's canvas). Without `pixels` (a candidate the search has not
 * rendered) those parts read the plan's working canvas, its copies before the blend.
 */
export function judgeFill(
  plan: FillPlan,
  pixels: Uint8Array | undefined,
  defects: DefectOptions,
  calibration: Calibration,
  also: ReadonlySet<DefectPart> = new Set(),
): { score: DefectScore; confidence: number } {
  const parts = new Set([...calibrationParts(calibration), ...also]);
  const score = defectScore(
    plan,
    defects,
    parts,
    needsRender(parts) ? viewOf(plan, pixels) : undefined,
  );
  return { score, confidence: confidenceOf(score, calibration) };
}

function viewOf(plan: FillPlan, pixels: Uint8Array | undefined): SeamView {
  const labels = { width: plan.work.width, height: plan.work.height, copyOf: plan.lineage };
  if (pixels) {
    const { width, height } = plan.placement;
    return seamView(pixels, width, height, pixels.length / (width * height), labels);
  }
  const { width, height, channels, data } = plan.work;
  return seamView(data, width, height, channels, labels);
}
