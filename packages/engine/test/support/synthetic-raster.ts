import type { Raster } from '../../src/fill/raster';
import { createRng } from '../../src/fill/rng';

/** An RGB raster drawn pixel by pixel: the fills' tests build their scenes with it. */
export function syntheticImage(
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number],
): Raster {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set(pixel(x, y), (y * width + x) * 3);
  }
  return { width, height, channels: 3, data };
}

/** The RGB pixel at (x, y) of an RGB canvas `width` wide. */
export function rgbAt(
  pixels: Uint8Array,
  width: number,
  x: number,
  y: number,
): [number, number, number] {
  const i = (y * width + x) * 3;
  return [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!];
}

/**
 * 120x60: red discs on a blue sky, cut by the top edge, over gravel that runs to the bottom
 * edge. Grown upwards, a fill can only stack pieces of the discs above themselves; grown
 * downwards, it continues the gravel.
 */
export function discsOverGravel(): Raster {
  const rng = createRng(3);
  const discs = [18, 50, 84, 108].map((cx) => ({ cx, cy: 2, r: 11 }));
  return syntheticImage(120, 60, (x, y) => {
    if (discs.some((d) => (x - d.cx) ** 2 + (y - d.cy) ** 2 < d.r ** 2))
      return [210 + rng() * 20, 30 + rng() * 20, 40 + rng() * 10];
    if (y < 30) return [80 + rng() * 6, 130 + rng() * 6, 210 + rng() * 6];
    const g = 90 + rng() * 90;
    return [g, g * 0.95, g * 0.85];
  });
}
