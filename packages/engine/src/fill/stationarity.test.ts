import { describe, expect, it } from 'vitest';
import type { Raster } from './raster';
import { createRng } from './rng';
import { edgeStationarity } from './stationarity';

const SIDES = { left: true, right: true, top: false, bottom: false };

function image(size: number, pixel: (x: number, y: number) => number): Raster<Float32Array> {
  const data = new Float32Array(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++)
      data.fill(pixel(x, y), (y * size + x) * 3, (y * size + x + 1) * 3);
  }
  return { width: size, height: size, channels: 3, data };
}

describe('edgeStationarity', () => {
  it('rates a star field along the extended edges as a texture', () => {
    const rng = createRng(7);
    const stars = image(200, () => (rng() < 0.03 ? 255 : 10 + rng() * 10));
    expect(edgeStationarity(stars, SIDES, 0.1)).toBeGreaterThan(0.8);
  });

  it('rates a band crossed by a subject or a gradient as structure', () => {
    const subject = image(200, (_x, y) => (y > 60 && y < 140 ? 220 : 30));
    const gradient = image(200, (_x, y) => y);
    expect(edgeStationarity(subject, SIDES, 0.1)).toBe(0);
    expect(edgeStationarity(gradient, SIDES, 0.1)).toBe(0);
  });

  it('only looks at the edges being extended', () => {
    const rng = createRng(3);
    const subjectAtTop = image(200, (x, y) => {
      if (y < 20) return x < 100 ? 220 : 30;
      return rng() < 0.03 ? 255 : 10;
    });
    expect(
      edgeStationarity(subjectAtTop, { ...SIDES, left: false, right: false, bottom: true }, 0.1),
    ).toBeGreaterThan(0.8);
    expect(
      edgeStationarity(subjectAtTop, { ...SIDES, left: false, right: false, top: true }, 0.1),
    ).toBe(0);
  });
});
