import { describe, expect, it } from 'vitest';
import { isWithinOriginalTolerance, originalRatio, parseRatio } from './ratio';

describe('parseRatio', () => {
  it('reads "w:h" as width divided by height', () => {
    expect(parseRatio('16:9')).toBeCloseTo(16 / 9, 12);
    expect(parseRatio('1.91:1')).toBeCloseTo(1.91, 12);
    expect(parseRatio(' 9 : 16 ')).toBeCloseTo(9 / 16, 12);
  });

  it('reads a plain number', () => {
    expect(parseRatio('1.5')).toBe(1.5);
    expect(parseRatio('2')).toBe(2);
  });

  it('falls back to 1 for a zero height', () => {
    expect(parseRatio('4:0')).toBe(1);
  });

  it('falls back to 1 for garbage, zero, negatives and extra parts', () => {
    for (const text of ['', 'abc', '16:x', '0', '0:5', '-4:3', '1:2:3', '0x10', 'Infinity']) {
      expect(parseRatio(text)).toBe(1);
    }
  });
});

describe('originalRatio', () => {
  it('rounds width/height to 2 decimals', () => {
    expect(originalRatio(1920, 1080)).toBe(1.78);
    expect(originalRatio(451, 300)).toBe(1.5);
    expect(originalRatio(300, 451)).toBe(0.67);
  });

  it('returns 1 for an empty size', () => {
    expect(originalRatio(0, 100)).toBe(1);
  });
});

describe('isWithinOriginalTolerance', () => {
  it('accepts ratios within 5% of the original ratio, boundary included', () => {
    expect(isWithinOriginalTolerance(1.78, 1.78)).toBe(true);
    expect(isWithinOriginalTolerance(1.05, 1)).toBe(true);
    expect(isWithinOriginalTolerance(0.95, 1)).toBe(true);
    expect(isWithinOriginalTolerance(16 / 9, 1.7)).toBe(true);
  });

  it('rejects ratios further than 5% away', () => {
    expect(isWithinOriginalTolerance(1.06, 1)).toBe(false);
    expect(isWithinOriginalTolerance(1.5, 1.33)).toBe(false);
    expect(isWithinOriginalTolerance(1, 0)).toBe(false);
  });
});
