import { describe, expect, it } from 'vitest';
import { boxes } from './boxes';
import { hardSeams } from './hard-seams';
import { noise, SEARCH, seamViewOf } from '../../../test/support/seam-view';

const OPTIONS = SEARCH.defects.rendered;
/** A rectangle of another copy in a copied sea, 20 x 16 px, its corner at (52, 12). */
const inBox = (x: number, y: number): boolean => x >= 52 && x < 72 && y >= 12 && y < 28;
const boxLabel = (x: number, y: number): number => (inBox(x, y) ? 1 : 0);
const sea = (x: number, y: number): number => 90 + 0.5 * y;

describe('boxes', () => {
  it('sees a rectangle of sea copied a few levels lighter', () => {
    const view = seamViewOf((x, y) => sea(x, y) + (inBox(x, y) ? 10 : 0), boxLabel);
    expect(boxes(view, OPTIONS)).toBeGreaterThan(0.5);
  });

  it('sees a rectangle of rough texture copied into smooth ground', () => {
    const grain = noise(30);
    const view = seamViewOf((x, y) => sea(x, y) + (inBox(x, y) ? grain(x, y) : 0), boxLabel);
    expect(boxes(view, OPTIONS)).toBeGreaterThan(0.5);
  });

  it('sees none where the rectangle continues what surrounds it', () => {
    expect(boxes(seamViewOf(sea, boxLabel), OPTIONS)).toBeLessThan(0.05);
  });

  it('leaves a single straight seam, with no corner, to the hard seams', () => {
    const view = seamViewOf(
      (x, y) => sea(x, y) + (x >= 60 ? 10 : 0),
      (x) => (x < 60 ? 0 : 1),
    );
    expect(boxes(view, OPTIONS)).toBe(0);
    expect(hardSeams(view, OPTIONS)).toBeGreaterThan(0.5);
  });
});
