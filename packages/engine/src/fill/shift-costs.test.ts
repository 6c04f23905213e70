import { describe, expect, it } from 'vitest';
import { createRng } from './rng';
import { FillScratch } from './scratch';
import { seamCost } from './shift-costs';
import type { StepCanvas } from './shift-costs';
import { DEFAULT_SHIFT_MAP_OPTIONS } from './shift-map-fill';

/**
 * A 40x20 working canvas: the known left half holds a smooth sky (top rows) and the same mean
 * grey as busy gravel (bottom rows); the right half is to be filled.
 */
function skyOverGravel(): StepCanvas {
  const rng = createRng(2);
  const W = 40;
  const H = 20;
  const data = new Float32Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < 20; x++) {
      const v = y < 10 ? 128 : 128 + (rng() - 0.5) * 120;
      data.fill(v, (y * W + x) * 3, (y * W + x) * 3 + 3);
    }
  }
  const known = { x0: 0, y0: 0, x1: 20, y1: H };
  return {
    width: W,
    height: H,
    channels: 3,
    data,
    known,
    next: { x0: 0, y0: 0, x1: W, y1: H },
    original: known,
    origin: new Int32Array(W * H).fill(-1),
    originalWidth: 20,
    originalHeight: H,
  };
}

describe('seamCost', () => {
  it('makes a seam between a smooth copy and a textured one of the same colour dear', () => {
    const step = skyOverGravel();
    // At new pixel (30, 5): copy 0 shows the sky from 20 px left, copy 1 the gravel below it.
    const shifts = [
      { dx: -20, dy: 0 },
      { dx: -20, dy: 10 },
    ];
    const p = 5 * 40 + 30;
    const cost = (textureChange: number) =>
      seamCost(
        step,
        shifts,
        { ...DEFAULT_SHIFT_MAP_OPTIONS.cost, textureChange },
        new FillScratch(),
      )(p, p + 1, 0, 1);
    const withoutTexture = cost(0);
    expect(cost(DEFAULT_SHIFT_MAP_OPTIONS.cost.textureChange)).toBeGreaterThan(
      withoutTexture + 2 * DEFAULT_SHIFT_MAP_OPTIONS.cost.labelChange,
    );
  });
});
