import { describe, expect, it } from 'vitest';
import { resizeArea } from './raster';
import { regionRarity } from './region-rarity';
import { createRng } from './rng';
import { DEFAULT_SHIFT_MAP_OPTIONS } from './shift-map-fill';
import { syntheticImage } from '../../test/support/synthetic-raster';

/** 192x192 of blue sky over gravel, with red kites (squares of 12 px) at the given places. */
function skyWithKites(kites: [number, number][]) {
  const rng = createRng(5);
  const image = syntheticImage(192, 192, (x, y) => {
    if (kites.some(([kx, ky]) => x >= kx && x < kx + 12 && y >= ky && y < ky + 12))
      return [220, 40 + rng() * 10, 40];
    if (y < 120) return [70 + rng() * 6, 120 + rng() * 6, 200 + rng() * 6];
    const g = 90 + rng() * 90;
    return [g, g * 0.95, g * 0.85];
  });
  return resizeArea(image, image.width, image.height);
}

/** The rarity at canvas pixel (x, y) of a 192 px image, on the map's own grid. */
function rarityAt(map: ReturnType<typeof regionRarity>, x: number, y: number): number {
  const s = map.width / 192;
  return map.map[Math.floor(y * s) * map.width + Math.floor(x * s)]!;
}

describe('regionRarity', () => {
  const options = DEFAULT_SHIFT_MAP_OPTIONS.regions;

  it('marks one kite in the sky as distinctive, and neither the sky nor the gravel', () => {
    const map = regionRarity(skyWithKites([[90, 40]]), options);
    expect(rarityAt(map, 96, 46)).toBeGreaterThan(0.8);
    expect(rarityAt(map, 20, 20)).toBe(0);
    expect(rarityAt(map, 150, 170)).toBe(0);
  });

  it('leaves many kites of one kind common: a flock is a texture, not an object', () => {
    const flock: [number, number][] = [];
    for (let y = 8; y < 100; y += 22) for (let x = 8; x < 180; x += 22) flock.push([x, y]);
    const map = regionRarity(skyWithKites(flock), options);
    expect(rarityAt(map, 96, 52)).toBeLessThan(0.2);
  });

  it('leaves what the frame cuts to the rarity along that edge', () => {
    const map = regionRarity(skyWithKites([[0, 40]]), options);
    expect(rarityAt(map, 4, 46)).toBe(0);
  });
});
