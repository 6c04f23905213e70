import { describe, expect, it } from 'vitest';
import { outpaintFill } from './outpaint-fill';
import type { CanvasPlacement } from './raster';
import { rgbAt, syntheticImage } from './synthetic-raster';
import { createRng } from './rng';

/** Mean |4-neighbour Laplacian| of the green channel over a rectangle. */
function detail(pixels: Uint8Array, width: number, x0: number, y0: number, x1: number, y1: number) {
  let sum = 0;
  let n = 0;
  for (let y = y0 + 1; y < y1 - 1; y++) {
    for (let x = x0 + 1; x < x1 - 1; x++) {
      const g = (dx: number, dy: number) => pixels[((y + dy) * width + x + dx) * 3 + 1]!;
      sum += Math.abs(4 * g(0, 0) - g(-1, 0) - g(1, 0) - g(0, -1) - g(0, 1));
      n++;
    }
  }
  return sum / n;
}

describe('outpaintFill', () => {
  it('keeps a horizon level: sky continues beside the sky, grass beside the grass', () => {
    const rng = createRng(5);
    const original = syntheticImage(120, 80, (_x, y) =>
      y < 40
        ? [70 + rng() * 10, 120 + rng() * 10, 200 + rng() * 10]
        : [60 + rng() * 10, 140 + rng() * 10, 50 + rng() * 10],
    );
    const placement: CanvasPlacement = { width: 240, height: 80, offsetX: 60, offsetY: 0 };
    const out = outpaintFill(original, placement, 1);
    for (const x of [5, 30, 200, 235]) {
      const [, , skyBlue] = rgbAt(out, 240, x, 15);
      const [, grassGreen, grassBlue] = rgbAt(out, 240, x, 65);
      expect(skyBlue).toBeGreaterThan(170);
      expect(grassGreen).toBeGreaterThan(grassBlue + 50);
    }
  });

  it('does not clone a subject near the edge that does not touch it', () => {
    const rng = createRng(9);
    const original = syntheticImage(100, 100, (x, y) => {
      const subject = x >= 35 && x < 65 && y >= 7 && y < 27;
      return subject ? [230, 20, 20] : [120 + rng() * 20, 110 + rng() * 20, 100 + rng() * 20];
    });
    const placement: CanvasPlacement = { width: 100, height: 200, offsetX: 0, offsetY: 50 };
    const out = outpaintFill(original, placement, 3);
    let red = 0;
    for (let y = 0; y < 200; y++) {
      if (y >= 50 && y < 150) continue;
      for (let x = 0; x < 100; x++) {
        const [r, g] = rgbAt(out, 100, x, y);
        if (r - g > 50) red++;
      }
    }
    expect(red).toBe(0);
  });

  it('continues a texture at the original sharpness instead of smearing it', () => {
    const rng = createRng(11);
    const original = syntheticImage(96, 96, () => {
      const v = rng() < 0.05 ? 240 : 20 + rng() * 25;
      return [v, v, v];
    });
    const placement: CanvasPlacement = { width: 192, height: 96, offsetX: 48, offsetY: 0 };
    const out = outpaintFill(original, placement, 2);
    const own = detail(out, 192, 48, 0, 144, 96);
    const left = detail(out, 192, 0, 0, 44, 96);
    const right = detail(out, 192, 148, 0, 192, 96);
    // A smeared extension (the layout alone, defocused) keeps about 1 % of the original's detail.
    for (const extended of [left, right]) {
      expect(extended).toBeGreaterThan(own * 0.4);
      expect(extended).toBeLessThan(own * 1.6);
    }
  });

  it('leaves no seam: the step across the border is like the photo own steps', () => {
    const original = syntheticImage(80, 80, (x, y) => [100 + x, 80 + y, 120]);
    const placement: CanvasPlacement = { width: 80, height: 140, offsetX: 0, offsetY: 30 };
    const out = outpaintFill(original, placement, 4);
    for (const x of [10, 40, 70]) {
      const inside = rgbAt(out, 80, x, 30);
      const outside = rgbAt(out, 80, x, 29);
      for (let ch = 0; ch < 3; ch++) expect(Math.abs(inside[ch]! - outside[ch]!)).toBeLessThan(6);
    }
  });
});
