import { describe, expect, it } from 'vitest';
import type { CanvasPlacement } from './raster';
import { rgbAt, syntheticImage } from '../../test/support/synthetic-raster';
import { createRng } from './rng';
import { FillScratch } from './scratch';
import { inRect } from './growth';
import { DEFAULT_SHIFT_MAP_OPTIONS, fillContext, planFill, shiftMapFill } from './shift-map-fill';

/** Mean |horizontal step| of the green channel over a rectangle. */
function detail(pixels: Uint8Array, width: number, x0: number, y0: number, x1: number, y1: number) {
  let sum = 0;
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0 + 1; x < x1; x++) {
      sum += Math.abs(pixels[(y * width + x) * 3 + 1]! - pixels[(y * width + x - 1) * 3 + 1]!);
      n++;
    }
  }
  return sum / n;
}

describe('shiftMapFill', () => {
  const rng = createRng(5);
  const landscape = syntheticImage(120, 80, (_x, y) =>
    y < 40
      ? [70 + rng() * 10, 120 + rng() * 10, 200 + rng() * 10]
      : [60 + rng() * 10, 140 + rng() * 10, 50 + rng() * 10],
  );
  const wide: CanvasPlacement = { width: 240, height: 80, offsetX: 60, offsetY: 0 };

  it('keeps the original bit for bit and is the same for the same seed', () => {
    const out = shiftMapFill(landscape, wide, 1);
    for (let y = 0; y < 80; y++) {
      for (let x = 0; x < 120; x++)
        expect(rgbAt(out, 240, 60 + x, y)).toEqual(rgbAt(landscape.data, 120, x, y));
    }
    expect(shiftMapFill(landscape, wide, 1)).toEqual(out);
  });

  it("gives the same fill from a worker's scratch, whatever the fills before it left there", () => {
    const alone = shiftMapFill(landscape, wide, 1);
    const scratch = new FillScratch();
    // A taller canvas and a bigger labelling first: larger arrays, other contents, other sizes.
    shiftMapFill(
      landscape,
      { width: 120, height: 200, offsetX: 0, offsetY: 60 },
      2,
      undefined,
      scratch,
    );
    expect(shiftMapFill(landscape, wide, 1, undefined, scratch)).toEqual(alone);
    expect(shiftMapFill(landscape, wide, 1, undefined, scratch)).toEqual(alone);
  });

  it('keeps a horizon level: sky continues beside the sky, grass beside the grass', () => {
    const out = shiftMapFill(landscape, wide, 1);
    for (const x of [5, 30, 200, 235]) {
      const [, , skyBlue] = rgbAt(out, 240, x, 15);
      const [, grassGreen, grassBlue] = rgbAt(out, 240, x, 65);
      expect(skyBlue).toBeGreaterThan(170);
      expect(grassGreen).toBeGreaterThan(grassBlue + 50);
    }
  });

  it('copies texture at the original sharpness all the way to the canvas edge', () => {
    const noise = createRng(11);
    const original = syntheticImage(96, 96, () => {
      const v = noise() < 0.05 ? 240 : 20 + noise() * 25;
      return [v, v, v];
    });
    const out = shiftMapFill(original, { width: 288, height: 96, offsetX: 96, offsetY: 0 }, 2);
    const own = detail(out, 288, 96, 0, 192, 96);
    for (const [x0, x1] of [
      [0, 32],
      [256, 288],
    ] as const) {
      expect(detail(out, 288, x0, 0, x1, 96)).toBeGreaterThan(own * 0.8);
    }
  });

  it('does not clone a subject that does not touch the edge being extended', () => {
    const noise = createRng(9);
    const original = syntheticImage(100, 100, (x, y) => {
      const subject = x >= 35 && x < 65 && y >= 7 && y < 27;
      return subject ? [230, 20, 20] : [120 + noise() * 20, 110 + noise() * 20, 100 + noise() * 20];
    });
    const out = shiftMapFill(original, { width: 100, height: 200, offsetX: 0, offsetY: 50 }, 3);
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

  it('leaves no seam: the step across the border is like the photo own steps', () => {
    const ramp = syntheticImage(80, 80, (x, y) => [100 + x, 80 + y, 120]);
    const out = shiftMapFill(ramp, { width: 80, height: 140, offsetX: 0, offsetY: 30 }, 4);
    for (const x of [10, 40, 70]) {
      const inside = rgbAt(out, 80, x, 30);
      const outside = rgbAt(out, 80, x, 29);
      for (let ch = 0; ch < 3; ch++) expect(Math.abs(inside[ch]! - outside[ch]!)).toBeLessThan(6);
    }
  });

  it('leaves no line where a later growth step copies a seam an earlier step made', () => {
    // Extended upwards by three times its height, a sky-like ramp grows in two steps; the first
    // step's copies meet the original at a step of the ramp's whole height, which the second
    // step's copies take in.
    const noise = createRng(3);
    const sky = syntheticImage(80, 40, (_x, y) => [90 + 2 * y + noise() * 4, 110 + 2 * y, 160]);
    const out = shiftMapFill(sky, { width: 80, height: 160, offsetX: 0, offsetY: 120 }, 1);
    for (let y = 1; y < 120; y++) {
      let step = 0;
      for (let x = 0; x < 80; x++)
        step += Math.abs(rgbAt(out, 80, x, y)[0] - rgbAt(out, 80, x, y - 1)[0]);
      expect(step / 80).toBeLessThan(6);
    }
  });

  it('leaves no line where rings meet or a carried seam crosses, once scaled up from the working canvas', () => {
    // A sky whose red fades towards its top, grown to four times its height: the working canvas is
    // about half the canvas's size, so each seam the blend corrects there lies between two
    // working rows while the copies meet in one canvas row. The correction must step there too.
    const noise = createRng(7);
    const sky = syntheticImage(240, 100, (_x, y) => [130 + 0.5 * y + noise() * 3, 160, 200]);
    const out = shiftMapFill(sky, { width: 240, height: 400, offsetX: 0, offsetY: 300 }, 1);
    let worst = 0;
    for (let y = 1; y < 300; y++) {
      let step = 0;
      for (let x = 0; x < 240; x++) step += rgbAt(out, 240, x, y)[0] - rgbAt(out, 240, x, y - 1)[0];
      worst = Math.max(worst, Math.abs(step / 240));
    }
    // The ramp's own step is 0.5; the correction ramping across one working row left 4.
    expect(worst).toBeLessThan(2.5);
  });

  it('gives every new pixel a copy of what was known, however the working scale rounds the steps', () => {
    // Grown to more than twice its height, the photo takes a step as deep as itself; scaled down,
    // that step's ring rounds (121.4 and 242.7 working rows) one row deeper than the photo.
    const noise = createRng(6);
    const sky = syntheticImage(150, 125, () => [40 + noise() * 20, 70 + noise() * 20, 160]);
    const placement = { width: 150, height: 267, offsetX: 0, offsetY: 0 };
    const plan = planFill(fillContext(sky, placement, DEFAULT_SHIFT_MAP_OPTIONS), placement, 1);
    const { workSteps, workShiftX, workShiftY, work } = plan;
    expect(workSteps.length).toBeGreaterThan(2);
    let sourceless = 0;
    for (let k = 1; k < workSteps.length; k++) {
      const known = workSteps[k - 1]!;
      const ring = workSteps[k]!;
      for (let y = ring.y0; y < ring.y1; y++) {
        for (let x = ring.x0; x < ring.x1; x++) {
          if (inRect(known, x, y)) continue;
          const p = y * work.width + x;
          if (!inRect(known, x + workShiftX[p]!, y + workShiftY[p]!)) sourceless++;
        }
      }
    }
    expect(sourceless).toBe(0);
  });

  it('carries a tilted cable on past the edge at its height and angle', () => {
    const noise = createRng(4);
    const slope = 0.4;
    const sky = syntheticImage(160, 160, (x, y) => {
      const onCable = Math.abs(y - (110 - slope * x)) <= 1.5;
      const v = onCable ? 40 : 190 + noise() * 6;
      return [v, v, v + 20];
    });
    const out = shiftMapFill(sky, { width: 280, height: 160, offsetX: 60, offsetY: 0 }, 1);
    let continued = 0;
    let samples = 0;
    for (const x of [5, 20, 35, 50, 230, 245, 260, 275]) {
      const y = Math.round(110 - slope * (x - 60));
      if (y < 2 || y > 157) continue;
      samples++;
      const darkest = Math.min(...[-2, -1, 0, 1, 2].map((d) => rgbAt(out, 280, x, y + d)[0]));
      if (darkest < 100) continued++;
    }
    expect(samples).toBeGreaterThan(5);
    expect(continued).toBe(samples);
  });

  it("leaves no line along the border of a textured photo: its step is like the photo's own", () => {
    const noise = createRng(21);
    const leaves = syntheticImage(90, 90, (x, y) => {
      const v = 60 + 40 * Math.sin(x / 3 + Math.sin(y / 5)) + noise() * 30;
      return [v * 0.6, v, v * 0.4];
    });
    const meanStep = (pixels: Uint8Array, x: number) => {
      let sum = 0;
      for (let y = 0; y < 90; y++)
        sum += Math.abs(rgbAt(pixels, 210, x, y)[1] - rgbAt(pixels, 210, x - 1, y)[1]);
      return sum / 90;
    };
    const out = shiftMapFill(leaves, { width: 210, height: 90, offsetX: 60, offsetY: 0 }, 1);
    const own = [70, 90, 110, 130].map((x) => meanStep(out, x));
    const photoStep = own.reduce((a, b) => a + b) / own.length;
    for (const border of [60, 150]) {
      expect(meanStep(out, border)).toBeLessThan(photoStep * 1.25);
      expect(meanStep(out, border)).toBeGreaterThan(photoStep * 0.6);
    }
  });
});
