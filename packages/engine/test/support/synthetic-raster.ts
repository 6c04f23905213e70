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

/**
 * 240x120: a soft brown gradient (a blurred background) with a sharp bird-sized patch of fine
 * texture at x 150..200, y 30..90, of the background's own mean colour: rare neither by colour
 * nor by region, only by focus. At x 50, a red blob with a soft edge (a passer-by in the bokeh):
 * rare by colour, but out of focus.
 */
export function sharpPatchOnSoftGround(): Raster {
  const rng = createRng(3);
  return syntheticImage(240, 120, (x, y) => {
    const ground = 110 + x / 8 + y / 6;
    const inPatch = x >= 150 && x < 200 && y >= 30 && y < 90;
    const v = inPatch ? ground + (rng() - 0.5) * 60 : ground;
    const blob = Math.min(1, Math.max(0, (18 - Math.hypot(x - 50, y - 60)) / 8 + 0.5));
    return [
      v + (200 - v) * blob,
      v * 0.8 * (1 - blob) + 40 * blob,
      v * 0.6 * (1 - blob) + 60 * blob,
    ];
  });
}
