import { describe, expect, it } from 'vitest';
import type { Rect } from './growth';
import type { StackingCanvas } from './stacking';
import { stackingShare } from './stacking';

const OPTIONS = { lagShare: 0.5, slideTolerance: 2, structureVisible: 24 };

/**
 * A 40x20 original at the left of an 80x20 canvas, its right half filled by `source(x, y)`: the
 * original's column (and row) each new pixel shows.
 */
function extended(
  pixel: (x: number, y: number) => number,
  source: (x: number, y: number) => [number, number],
): { canvas: StackingCanvas; original: Rect } {
  const [ow, oh, W] = [40, 20, 80];
  const data = new Float32Array(W * oh);
  const origin = new Int32Array(W * oh).fill(-1);
  for (let y = 0; y < oh; y++) {
    for (let x = 0; x < W; x++) {
      const [sx, sy] = x < ow ? [x, y] : source(x, y);
      origin[y * W + x] = sy * ow + sx;
      data[y * W + x] = pixel(sx, sy);
    }
  }
  const canvas = {
    width: W,
    height: oh,
    channels: 1,
    data,
    origin,
    originalWidth: ow,
    originalHeight: oh,
  };
  return { canvas, original: { x0: 0, y0: 0, x1: ow, y1: oh } };
}

/** A dark disc cut by the right edge of a light original. */
const discAtEdge = (x: number, y: number): number =>
  (x - 40) ** 2 + (y - 10) ** 2 < 64 ? 30 : 220;

describe('stackingShare', () => {
  it('scores a subject cut by the frame, repeated side by side, high', () => {
    // The last 8 columns, copied over and over: the disc's half stacked five times.
    const { canvas, original } = extended(discAtEdge, (x, y) => [32 + ((x - 40) % 8), y]);
    expect(stackingShare(canvas, original, OPTIONS)).toBeGreaterThan(0.2);
  });

  it('scores a plain continuation low, even when it repeats', () => {
    // Sky that darkens downwards, copied the same way: every row is alike along it.
    const sky = (_x: number, y: number): number => 120 + 4 * y;
    const { canvas, original } = extended(sky, (x, y) => [32 + ((x - 40) % 8), y]);
    expect(stackingShare(canvas, original, OPTIONS)).toBeLessThan(0.02);
  });

  it('scores one whole copy from far inside low: nothing shows twice nearby', () => {
    const stripes = (x: number): number => (Math.floor(x / 3) % 2 ? 40 : 200);
    const { canvas, original } = extended(stripes, (x, y) => [x - 40, y]);
    expect(stackingShare(canvas, original, OPTIONS)).toBe(0);
  });

  it('counts a repeat slid along the edge by a pixel or two', () => {
    const { canvas, original } = extended(discAtEdge, (x, y) => [
      32 + ((x - 40) % 8),
      Math.min(19, y + (Math.floor((x - 40) / 8) % 2)),
    ]);
    // Within 12 px, only a slid repeat shows the same pixel twice (but for the first tile's).
    const near = { ...OPTIONS, lagShare: 0.3 };
    const slid = stackingShare(canvas, original, near);
    expect(slid).toBeGreaterThan(0.2);
    expect(stackingShare(canvas, original, { ...near, slideTolerance: 0 })).toBeLessThan(slid / 2);
  });
});
