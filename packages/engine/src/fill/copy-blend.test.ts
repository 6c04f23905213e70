import { describe, expect, it } from 'vitest';
import { blendCorrection } from './copy-blend';
import { DEFAULT_SHIFT_MAP_OPTIONS } from './shift-map-fill';

const WIDTH = 40;
const HEIGHT = 12;

/** Two copies side by side (left: x < 20), grey, each `texture` levels of checkerboard around its mean. */
function twoCopies(left: number, right: number, texture: number) {
  const image = new Float32Array(WIDTH * HEIGHT * 3);
  const copyOf = new Int32Array(WIDTH * HEIGHT);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const p = y * WIDTH + x;
      copyOf[p] = x < WIDTH / 2 ? 0 : 1;
      const v = (x < WIDTH / 2 ? left : right) + ((x + y) % 2 === 0 ? texture : -texture);
      image.fill(v, p * 3, p * 3 + 3);
    }
  }
  return { image, copyOf };
}

/** The mean step across the seam after the correction, from the means of two columns each side. */
function stepAfter(left: number, right: number, texture: number): number {
  const { image, copyOf } = twoCopies(left, right, texture);
  const correction = blendCorrection(
    { data: image, width: WIDTH, height: HEIGHT, channels: 3 },
    new Uint8Array(WIDTH * HEIGHT).fill(1),
    copyOf,
    DEFAULT_SHIFT_MAP_OPTIONS.blend,
  );
  const mean = (x0: number) => {
    let sum = 0;
    for (let y = 0; y < HEIGHT; y++) {
      for (const x of [x0, x0 + 1])
        sum += image[(y * WIDTH + x) * 3]! + correction[(y * WIDTH + x) * 3]!;
    }
    return sum / (2 * HEIGHT);
  };
  return mean(WIDTH / 2) - mean(WIDTH / 2 - 2);
}

describe('blendCorrection', () => {
  it('blends away a step between smooth copies, as between two heights of one sky', () => {
    expect(Math.abs(stepAfter(100, 160, 0))).toBeLessThan(6);
  });

  it('blends away a small step between textured copies', () => {
    expect(Math.abs(stepAfter(100, 112, 6))).toBeLessThan(6);
  });

  it('leaves a large step between textured copies standing: a dark tree beside grass stays a tree', () => {
    expect(stepAfter(60, 200, 6)).toBeGreaterThan(70);
  });
});
