import { describe, expect, it } from 'vitest';
import { hardSeams } from './hard-seams';
import { noise, SEARCH, seamViewOf } from '../../../test/support/seam-view';

const OPTIONS = SEARCH.defects.rendered;
/** Two copies of a sky darkening downwards meet along a vertical line at x = 60. */
const twoCopies = (x: number): number => (x < 60 ? 0 : 1);
const sky = (x: number, y: number): number => 150 + y;

describe('hardSeams', () => {
  it('sees a vertical seam where two copies of a smooth sky differ by a few levels', () => {
    const seam = seamViewOf((x, y) => sky(x, y) + (x >= 60 ? 6 : 0), twoCopies);
    expect(hardSeams(seam, OPTIONS)).toBeGreaterThan(0.5);
  });

  it('sees none where the copies continue each other', () => {
    expect(hardSeams(seamViewOf(sky, twoCopies), OPTIONS)).toBeLessThan(0.05);
  });

  it('sees a seam along the original’s border where a copy steps away from it', () => {
    const border = seamViewOf(
      (x, y) => sky(x, y) + (x >= 40 ? 8 : 0),
      () => 0,
    );
    expect(hardSeams(border, OPTIONS)).toBeGreaterThan(0.5);
  });

  it('discounts the same step in busy texture, where it does not show', () => {
    const grain = noise(40);
    const smooth = seamViewOf((x, y) => sky(x, y) + (x >= 60 ? 6 : 0), twoCopies);
    const busy = seamViewOf((x, y) => sky(x, y) + grain(x, y) + (x >= 60 ? 6 : 0), twoCopies);
    expect(hardSeams(busy, OPTIONS)).toBeLessThan(hardSeams(smooth, OPTIONS) / 3);
  });
});
