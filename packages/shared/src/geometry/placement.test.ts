import { describe, expect, it } from 'vitest';
import { computeCanvas } from './canvas';
import { isLowConfidence, nearestAlignment, placementOnResult } from './placement';

describe('computeCanvas with auto', () => {
  it('gives the centred canvas: the size never depends on the alignment', () => {
    expect(computeCanvas(600, 400, 16 / 9, 'auto')).toEqual(computeCanvas(600, 400, 16 / 9));
  });
});

describe('isLowConfidence', () => {
  it('flags a confidence under 0.5, and never an unmeasured one', () => {
    expect(isLowConfidence(0.49)).toBe(true);
    expect(isLowConfidence(0.5)).toBe(false);
    expect(isLowConfidence(null)).toBe(false);
  });
});

describe('placementOnResult', () => {
  const original = { width: 600, height: 400 };
  const result = { width: 853, height: 480 };

  it('puts the original at the recorded offset', () => {
    const box = placementOnResult(original, result, { offsetX: 0, offsetY: 40 });
    expect(box).toEqual({ x: 0, y: 40 / 480, width: 600 / 853, height: 400 / 480 });
  });

  it('falls back to where the alignment puts it when nothing was recorded', () => {
    expect(placementOnResult(original, result, null, 'right')).toMatchObject({
      x: 253 / 853,
      y: 40 / 480,
    });
  });

  it('keeps a recorded offset that would overflow inside the result', () => {
    const box = placementOnResult(original, result, { offsetX: 5000, offsetY: 0 });
    expect(box.x).toBeCloseTo(253 / 853);
  });
});

describe('nearestAlignment', () => {
  const size = { width: 0.5, height: 0.5 };
  it('names the side or corner the original is against', () => {
    expect(nearestAlignment({ ...size, x: 0, y: 0 })).toBe('top-left');
    expect(nearestAlignment({ ...size, x: 0.25, y: 0.5 })).toBe('bottom');
    expect(nearestAlignment({ ...size, x: 0.5, y: 0.25 })).toBe('right');
    expect(nearestAlignment({ ...size, x: 0.25, y: 0.25 })).toBe('center');
  });

  it('calls an axis that does not grow centred', () => {
    expect(nearestAlignment({ x: 0, y: 0, width: 1, height: 0.5 })).toBe('top');
  });
});
