import { describe, expect, it } from 'vitest';
import { lineBreaks } from './line-breaks';
import { noise, SEARCH, seamViewOf } from '../../../test/support/seam-view';

const OPTIONS = SEARCH.defects.lineBreaks;
/** Two copies meeting along a vertical seam at x = 60. */
const twoCopies = (x: number): number => (x < 60 ? 0 : 1);
/** A horizon: bright sky above row `at`, dark sea below. */
const horizon = (y: number, at: number): number => (y < at ? 180 : 80);
/** A dark groove, 2 px wide, at row `at`. */
const groove = (y: number, at: number): number => (y === at || y === at + 1 ? 60 : 170);

describe('lineBreaks', () => {
  it('sees nothing where the horizon carries on across the seam', () => {
    expect(
      lineBreaks(
        seamViewOf((x, y) => horizon(y, 20), twoCopies),
        OPTIONS,
      ),
    ).toBe(0);
  });

  it('sees the horizon broken into a step at the seam', () => {
    const view = seamViewOf((x, y) => horizon(y, x < 60 ? 20 : 27), twoCopies);
    expect(lineBreaks(view, OPTIONS)).toBeGreaterThan(0.04);
  });

  it('sees a groove that stops at the seam, and one that doubles beyond it', () => {
    const stops = seamViewOf((x, y) => (x < 60 ? groove(y, 20) : 170), twoCopies);
    expect(lineBreaks(stops, OPTIONS)).toBeGreaterThan(0.04);
    const doubled = seamViewOf(
      (x, y) => Math.min(groove(y, 20), x < 60 ? 170 : groove(y, 28)),
      twoCopies,
    );
    expect(lineBreaks(doubled, OPTIONS)).toBeGreaterThan(0.04);
    const carried = seamViewOf((x, y) => groove(y, 20), twoCopies);
    expect(lineBreaks(carried, OPTIONS)).toBe(0);
  });

  it('does not read fine texture meeting at a seam as broken lines', () => {
    const left = noise(40, 3);
    const right = noise(40, 9);
    const view = seamViewOf((x, y) => 120 + (x < 60 ? left(x, y) : right(x, y)), twoCopies);
    expect(lineBreaks(view, OPTIONS)).toBeLessThan(0.02);
  });
});
