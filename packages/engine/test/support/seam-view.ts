import type { SeamView } from '../../src/fill/detectors/seam-view';
import { createRng } from '../../src/fill/rng';

/** The detectors' seam options as the engine sets them. */
export { DEFAULT_SEARCH_OPTIONS as SEARCH } from '../../src/fill/placement-search';

/**
 * An 80x40 result: the original (label -1) in the left half, copies (labels 0, 1, …) in the
 * right, as `label(x, y)` says; `luma(x, y)` is what it shows.
 */
export function seamViewOf(
  luma: (x: number, y: number) => number,
  label: (x: number, y: number) => number,
  width = 80,
  height = 40,
): SeamView {
  const view: SeamView = {
    width,
    height,
    luma: new Float32Array(width * height),
    label: new Int32Array(width * height),
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      view.luma[y * width + x] = luma(x, y);
      view.label[y * width + x] = x < width / 2 ? -1 : label(x, y);
    }
  }
  return view;
}

/** Fine noise of ±`amount` grey levels, the same for a given seed. */
export function noise(amount: number, seed = 3): (x: number, y: number) => number {
  const rng = createRng(seed);
  const table = Float32Array.from({ length: 80 * 40 }, () => (rng() * 2 - 1) * amount);
  return (x, y) => table[(y % 40) * 80 + (x % 80)]!;
}
