import { describe, expect, it } from 'vitest';
import { confidenceOf, PART_FLOOR } from './confidence';
import type { DefectScore } from './defect-score';
import { DEFECT_PARTS } from './defect-score';

function scoreWith(parts: Partial<Record<(typeof DEFECT_PARTS)[number], number>>): DefectScore {
  const score = { total: 0 } as DefectScore;
  for (const part of DEFECT_PARTS) score[part] = parts[part] ?? Number.NaN;
  return score;
}

const logOdds = (p: number): number => Math.log(p / (1 - p));

describe('confidenceOf', () => {
  const calibration = { bias: -2, weights: { stacking: 1, lineBreaks: 2 } };

  it('reads each part on a log scale: doubling a part costs the same at any level', () => {
    const at = (lineBreaks: number): number =>
      logOdds(confidenceOf(scoreWith({ stacking: 0.1, lineBreaks }), calibration));
    const small = PART_FLOOR;
    const large = 40 * PART_FLOOR;
    const doubled = (value: number): number => at(2 * value + PART_FLOOR) - at(value);
    expect(doubled(small)).toBeCloseTo(-2 * Math.log(2), 9);
    expect(doubled(large)).toBeCloseTo(-2 * Math.log(2), 9);
  });

  it('is lower for more of a defect, and reads only the parts with a weight', () => {
    const clean = confidenceOf(scoreWith({ stacking: 0, lineBreaks: 0 }), calibration);
    const stacked = confidenceOf(scoreWith({ stacking: 0.4, lineBreaks: 0 }), calibration);
    expect(stacked).toBeLessThan(clean);
    expect(clean).toBeCloseTo(1 / (1 + Math.exp(2 + 3 * Math.log(PART_FLOOR))), 9);
    // `boxes` is NaN in this score (not measured): a part without a weight is never read.
    expect(Number.isFinite(clean)).toBe(true);
  });
});
