import { describe, expect, it } from 'vitest';
import { sharpPatchOnSoftGround, syntheticImage } from '../../test/support/synthetic-raster';
import { createRng } from './rng';
import { DEFAULT_SHIFT_MAP_OPTIONS } from './shift-map-fill';
import { analyseTrimSides, FOCUS_TRIM_SIDE_OPTIONS, splitTrim } from './trim-sides';

/**
 * 240x120: a sky graded top to bottom over a meadow, and a red kite (the subject) 30 px from
 * the left edge, clear of it. Trimming columns should never cut into the kite.
 */
function kiteNearLeft() {
  const rng = createRng(5);
  return syntheticImage(240, 120, (x, y) => {
    if ((x - 40) ** 2 + (y - 50) ** 2 < 12 ** 2) return [220, 30 + rng() * 10, 40];
    if (y < 80) return [90 + y / 4 + rng() * 4, 140 + y / 4 + rng() * 4, 220];
    const g = 70 + rng() * 40;
    return [g * 0.6, g, g * 0.4];
  });
}

describe('splitTrim', () => {
  it('trims a photo with a subject near one edge from the other side', () => {
    const sides = analyseTrimSides(kiteNearLeft(), 'x', DEFAULT_SHIFT_MAP_OPTIONS);
    const split = splitTrim(sides, 240, 60);
    expect(split).toEqual({ start: 0, end: 60 });
  });

  it('trims evenly when both sides are alike', () => {
    const plain = syntheticImage(240, 120, (_, y) => [90 + y / 4, 140 + y / 4, 220]);
    const sides = analyseTrimSides(plain, 'x', DEFAULT_SHIFT_MAP_OPTIONS);
    expect(splitTrim(sides, 240, 60)).toEqual({ start: 30, end: 30 });
  });

  it('never trims into a rare region: the trim past it is refused', () => {
    const sides = analyseTrimSides(kiteNearLeft(), 'x', DEFAULT_SHIFT_MAP_OPTIONS);
    // Taking 30 px from the left would cut the kite (x 28..52); the right alone cannot give
    // more than the meadow's plain strip, so a trim of nearly the whole width is refused.
    expect(splitTrim(sides, 240, 230)).toBeUndefined();
  });

  it('with the focus rule, keeps the sharp part of a soft photo that the rarity rules cut (issue 38)', () => {
    const photo = sharpPatchOnSoftGround();
    // Half the width. The patch (x 150..200) is rare neither by colour nor by region, and the
    // red blob at the left is: without the focus rule, most of the trim goes through the patch.
    const byRarity = splitTrim(analyseTrimSides(photo, 'x', DEFAULT_SHIFT_MAP_OPTIONS), 240, 120);
    expect(byRarity!.end).toBeGreaterThan(40);
    const sides = analyseTrimSides(photo, 'x', DEFAULT_SHIFT_MAP_OPTIONS, FOCUS_TRIM_SIDE_OPTIONS);
    const byFocus = splitTrim(sides, 240, 120, FOCUS_TRIM_SIDE_OPTIONS);
    expect(byFocus!.start + byFocus!.end).toBe(120);
    expect(byFocus!.end).toBeLessThan(40);
  });
});
