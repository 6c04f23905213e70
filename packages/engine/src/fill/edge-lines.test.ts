import { describe, expect, it } from 'vitest';
import { DEFAULT_SHIFT_MAP_OPTIONS } from './shift-map-fill';
import { edgeLines } from './edge-lines';
import { resizeArea } from './raster';
import { createRng } from './rng';
import { syntheticImage } from '../../test/support/synthetic-raster';

const options = DEFAULT_SHIFT_MAP_OPTIONS.lines;
const preview = (image: ReturnType<typeof syntheticImage>) =>
  resizeArea(image, image.width, image.height);

/** A pale sky with a dark cable 3 px thick rising to the right at `slope` (dy per dx). */
function cable(slope: number) {
  const noise = createRng(4);
  return syntheticImage(200, 160, (x, y) => {
    const onCable = Math.abs(y - (120 - slope * x)) <= 1.5;
    const v = onCable ? 40 : 190 + noise() * 6;
    return [v, v, v + 20];
  });
}

describe('edgeLines', () => {
  it('finds a tilted cable where it crosses the sides being extended, at its angle', () => {
    const lines = edgeLines(preview(cable(0.4)), ['left', 'right'], options);
    const right = lines.filter((l) => l.side === 'right');
    const left = lines.filter((l) => l.side === 'left');
    // Seen from the right side, going inward (leftwards) the cable goes down: +0.4 px per px.
    expect(
      right.some((l) => Math.abs(l.slope - 0.4) < 0.05 && Math.abs(l.at - 40 / 160) < 0.05),
    ).toBe(true);
    expect(
      left.some((l) => Math.abs(l.slope + 0.4) < 0.05 && Math.abs(l.at - 120 / 160) < 0.05),
    ).toBe(true);
  });

  it('leaves a level horizon and plain noise to the straight copies', () => {
    const noise = createRng(8);
    const scene = syntheticImage(200, 160, (_x, y) => {
      const v = (y < 80 ? 200 : 60) + noise() * 30;
      return [v, v, v];
    });
    expect(edgeLines(preview(scene), ['left', 'right', 'top', 'bottom'], options)).toEqual([]);
  });
});
