import { describe, expect, it } from 'vitest';
import { islands } from './islands';
import { noise, SEARCH, seamViewOf } from '../../../test/support/seam-view';

const { rendered, islands: OPTIONS } = SEARCH.defects;
/** A 5x4 copy at (60, 18) inside one large copy of fog. */
const inPiece = (x: number, y: number): boolean => x >= 60 && x < 65 && y >= 18 && y < 22;
const pieceLabel = (x: number, y: number): number => (inPiece(x, y) ? 1 : 0);
const fog = (x: number, y: number): number => 200 - 0.3 * y;

describe('islands', () => {
  it('sees a small piece of planks copied into fog', () => {
    const planks = noise(50);
    const view = seamViewOf((x, y) => (inPiece(x, y) ? 90 + planks(x, y) : fog(x, y)), pieceLabel);
    expect(islands(view, rendered, OPTIONS)).toBeGreaterThan(0.002);
  });

  it('sees none where the piece is fog like what surrounds it', () => {
    expect(islands(seamViewOf(fog, pieceLabel), rendered, OPTIONS)).toBeLessThan(0.0005);
  });

  it('leaves large regions to the boxes: a third of the new area is no fragment', () => {
    const half = (x: number, y: number): number => (y < 14 ? 1 : 0);
    const view = seamViewOf((x, y) => (half(x, y) ? 60 : fog(x, y)), half);
    expect(islands(view, rendered, OPTIONS)).toBe(0);
  });
});
