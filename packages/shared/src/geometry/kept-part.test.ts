import { describe, expect, it } from 'vitest';
import { keptOnResult } from './kept-part';

describe('keptOnResult', () => {
  it('puts a trimmed photo on the result so its kept part lines up and the trimmed sides reach out', () => {
    // A 1200 x 800 photo, 200 px trimmed off its left, on the 1000 x 1778 (9:16) canvas holding the rest.
    const { kept, whole } = keptOnResult(
      { width: 1200, height: 800 },
      {
        width: 1000,
        height: 1778,
        framing: 'trim',
        crop: { x: 200, y: 0, width: 1000, height: 800 },
        offsetX: 0,
        offsetY: 489,
      },
    );
    expect(kept).toEqual({ x: 0, y: 489 / 1778, width: 1, height: 800 / 1778 });
    expect(whole.x).toBeCloseTo(-0.2);
    expect(whole.width).toBeCloseTo(1.2);
    expect(whole.y).toBe(kept.y);
  });

  it("scales an exact size's kept part with the result", () => {
    const { kept } = keptOnResult(
      { width: 1200, height: 800 },
      {
        width: 500,
        height: 889,
        framing: 'auto',
        crop: { x: 0, y: 0, width: 1200, height: 800 },
        offsetX: 0,
        offsetY: 278,
      },
    );
    expect(kept.width).toBe(1);
    expect(kept.height * 889).toBeCloseTo((800 * 500) / 1200);
  });

  it("keeps the brief's canvas scale for the whole photo", () => {
    // 1200 x 800 to 16:9 on the brief's canvas: 1707 x 960, the photo at its own size.
    const { kept, whole } = keptOnResult(
      { width: 1200, height: 800 },
      {
        width: 1707,
        height: 960,
        framing: 'keep',
        crop: { x: 0, y: 0, width: 1200, height: 800 },
        offsetX: 253,
        offsetY: 80,
      },
    );
    expect(kept).toEqual(whole);
    expect(kept.width * 1707).toBeCloseTo(1200);
    expect(kept.height * 960).toBeCloseTo(800);
  });
});
