import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_ASPECT, MIN_UPLOAD_SIDE, uploadShapeProblem } from './upload-shape';

describe('uploadShapeProblem', () => {
  it('accepts the smallest side and the widest aspect, in both orientations', () => {
    expect(uploadShapeProblem(MIN_UPLOAD_SIDE, MIN_UPLOAD_SIDE)).toBeNull();
    expect(uploadShapeProblem(MIN_UPLOAD_SIDE * MAX_UPLOAD_ASPECT, MIN_UPLOAD_SIDE)).toBeNull();
    expect(uploadShapeProblem(MIN_UPLOAD_SIDE, MIN_UPLOAD_SIDE * MAX_UPLOAD_ASPECT)).toBeNull();
  });

  it('refuses slivers as too long and narrow, and small images as too small', () => {
    expect(uploadShapeProblem(1, 29999)).toBe('UPLOAD_TOO_ELONGATED');
    expect(uploadShapeProblem(8 * MAX_UPLOAD_ASPECT + 1, 8)).toBe('UPLOAD_TOO_ELONGATED');
    expect(uploadShapeProblem(MIN_UPLOAD_SIDE - 1, 100)).toBe('UPLOAD_TOO_SMALL');
  });
});
