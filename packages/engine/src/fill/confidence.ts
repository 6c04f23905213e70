import type { DefectOptions, DefectPart, DefectScore } from './defect-score';
import { DEFECT_PARTS, defectScore, needsRender } from './defect-score';
import { seamView } from './detectors/seam-view';
import type { FillPlan } from './shift-map-fill';

/**
 * The confidence is a logistic of the predictor's parts, fitted to the results judged at full
 * size (bench/verdicts.md, `npm run bench:confidence`):
 * `1 / (1 + exp(-(bias - sum of weight times part)))`. Only the parts with a weight are measured.
 */
export interface Calibration {
  bias: number;
  weights: Partial<Record<DefectPart, number>>;
}

/** The confidence (0..1) for a defect score. */
export function confidenceOf(score: DefectScore, calibration: Calibration): number {
  let z = calibration.bias;
  for (const part of DEFECT_PARTS) {
    const weight = calibration.weights[part] ?? 0;
    if (weight !== 0) z -= weight * score[part];
  }
  return 1 / (1 + Math.exp(-z));
}

/**
 * Judges a rendered fill: the parts the confidence reads (every part with `all`, as the bench
 * asks), measured on its labelling and, where a part needs it, on the result as rendered.
 */
export function judgeFill(
  plan: FillPlan,
  pixels: Uint8Array,
  defects: DefectOptions,
  calibration: Calibration,
  all = false,
): { score: DefectScore; confidence: number } {
  const parts: ReadonlySet<DefectPart> = all
    ? new Set(DEFECT_PARTS)
    : new Set(DEFECT_PARTS.filter((part) => (calibration.weights[part] ?? 0) !== 0));
  const { width, height } = plan.placement;
  const view = needsRender(parts)
    ? seamView(pixels, width, height, pixels.length / (width * height), {
        width: plan.work.width,
        height: plan.work.height,
        copyOf: plan.shifts.copyOf,
      })
    : undefined;
  const score = defectScore(plan, defects, parts, view);
  return { score, confidence: confidenceOf(score, calibration) };
}
