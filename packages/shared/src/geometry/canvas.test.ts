import { describe, expect, it } from 'vitest';
import { aspectRatios } from '../aspect-ratios';
import { computeCanvas } from './canvas';
import { parseRatio } from './ratio';

const CATALOGUE = [...new Set(aspectRatios.map((option) => option.value))];

describe('computeCanvas', () => {
  it('uses the larger side for a square target', () => {
    expect(computeCanvas(600, 400, 1)).toMatchObject({
      width: 600,
      height: 600,
      offsetX: 0,
      offsetY: 100,
    });
    expect(computeCanvas(400, 600, 1)).toMatchObject({
      width: 600,
      height: 600,
      offsetX: 100,
      offsetY: 0,
    });
  });

  it('extends the width of a landscape target and grows the height at least 1.2x', () => {
    const canvas = computeCanvas(600, 400, 16 / 9);
    expect(canvas.height).toBe(480);
    expect(canvas.width).toBe(853);
    expect(canvas).toMatchObject({ offsetX: 126, offsetY: 40, scale: 1 });
  });

  it('extends the height of a portrait target and grows the width at least 1.2x', () => {
    const canvas = computeCanvas(600, 400, 9 / 16);
    expect(canvas.width).toBe(720);
    expect(canvas.height).toBe(1280);
    expect(canvas).toMatchObject({ offsetX: 60, offsetY: 440 });
  });

  it('grows the short axis when the original is already wider than a landscape target', () => {
    const canvas = computeCanvas(2100, 900, 16 / 9);
    expect(canvas.width).toBeGreaterThanOrEqual(2100);
    expect(canvas.height).toBe(1181);
    expect(canvas.width / canvas.height).toBeCloseTo(16 / 9, 2);
  });

  it('enlarges the canvas 1.3x when both paddings are under 50 px', () => {
    expect(computeCanvas(500, 500, 1)).toMatchObject({
      width: 650,
      height: 650,
      offsetX: 75,
      offsetY: 75,
    });
    expect(computeCanvas(500, 480, 1)).toMatchObject({ width: 650, height: 650 });
  });

  it('does not enlarge when one padding is 50 px or more', () => {
    expect(computeCanvas(500, 450, 1)).toMatchObject({ width: 500, height: 500 });
  });

  it('scales down so the longest side is at most 4000 px and reports the factor', () => {
    const canvas = computeCanvas(4000, 3000, 9 / 16);
    expect(canvas.height).toBe(4000);
    expect(canvas.width).toBe(2250);
    expect(canvas.scale).toBeCloseTo(4000 / 8533, 3);
    expect(canvas.imageWidth).toBe(Math.round(4000 * canvas.scale));
    expect(canvas.imageHeight).toBe(Math.round(3000 * canvas.scale));
  });

  it('centres the original', () => {
    const c = computeCanvas(640, 427, 4 / 5);
    expect(c.offsetX).toBe(Math.floor((c.width - c.imageWidth) / 2));
    expect(c.offsetY).toBe(Math.floor((c.height - c.imageHeight) / 2));
  });

  it.each(CATALOGUE)('fits the original inside a %s canvas at about that ratio', (text) => {
    const ratio = parseRatio(text);
    for (const [w, h] of [
      [451, 300],
      [300, 451],
      [512, 512],
      [6000, 4000],
      [1, 1],
    ] as const) {
      const c = computeCanvas(w, h, ratio);
      expect(Math.max(c.width, c.height)).toBeLessThanOrEqual(4000);
      expect(c.offsetX + c.imageWidth).toBeLessThanOrEqual(c.width);
      expect(c.offsetY + c.imageHeight).toBeLessThanOrEqual(c.height);
      expect(c.offsetX).toBeGreaterThanOrEqual(0);
      expect(c.offsetY).toBeGreaterThanOrEqual(0);
      if (w > 100) expect(c.width / c.height).toBeCloseTo(ratio, 1);
    }
  });

  describe('alignment', () => {
    // 600x400 to 16:9: an 853x480 canvas with 253 px of room across and 80 px down.
    const cases = [
      ['center', 126, 40],
      ['left', 0, 40],
      ['right', 253, 40],
      ['top', 126, 0],
      ['bottom', 126, 80],
      ['top-left', 0, 0],
      ['top-right', 253, 0],
      ['bottom-left', 0, 80],
      ['bottom-right', 253, 80],
    ] as const;

    it.each(cases)('places the original %s at %i,%i on the same canvas', (alignment, x, y) => {
      const canvas = computeCanvas(600, 400, 16 / 9, alignment);
      expect(canvas).toMatchObject({ width: 853, height: 480, offsetX: x, offsetY: y });
      expect(canvas.offsetX + canvas.imageWidth).toBeLessThanOrEqual(canvas.width);
      expect(canvas.offsetY + canvas.imageHeight).toBeLessThanOrEqual(canvas.height);
    });

    it('keeps the original inside the canvas for every alignment after the 4000 px cap', () => {
      for (const [alignment] of cases) {
        const canvas = computeCanvas(6000, 1000, 9 / 16, alignment);
        expect(Math.max(canvas.width, canvas.height)).toBe(4000);
        expect(canvas.offsetX).toBeGreaterThanOrEqual(0);
        expect(canvas.offsetY + canvas.imageHeight).toBeLessThanOrEqual(canvas.height);
      }
    });
  });
});
