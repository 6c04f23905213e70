import type { Raster } from './raster';

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
