import { describe, expect, it } from 'vitest';
import { DEFECT_PARTS } from './defect-score';
import { candidatePlacements, chooseAndFill, DEFAULT_SEARCH_OPTIONS } from './placement-search';
import type { CanvasPlacement } from './raster';
import { createRng } from './rng';
import { discsOverGravel, rgbAt, syntheticImage } from '../../test/support/synthetic-raster';

describe('chooseAndFill', () => {
  const original = discsOverGravel();
  const canvas: CanvasPlacement = { width: 120, height: 120, offsetX: 0, offsetY: 30 };

  it("'auto' places the original where the fill grows into what continues it", () => {
    const chosen = chooseAndFill(original, canvas, 'auto', 1);
    expect([chosen.offsetX, chosen.offsetY]).toEqual([0, 0]);
    const measured = { ...DEFAULT_SEARCH_OPTIONS, measureAll: true };
    const top = chooseAndFill(original, { ...canvas, offsetY: 0 }, 'fixed', 1, undefined, measured);
    const bottomAnchored = chooseAndFill(
      original,
      { ...canvas, offsetY: 60 },
      'fixed',
      1,
      undefined,
      measured,
    );
    expect(top.score.total).toBeLessThan(bottomAnchored.score.total);
  });

  it("'auto' at rank 1, 2, … fills at the next-best placement, so a regeneration looks different", () => {
    // Each version is drawn with its own seed, as the server draws one for every regeneration.
    const offsets = [0, 1, 2].map((rank) => {
      const chosen = chooseAndFill(original, canvas, 'auto', 1 + rank, undefined, undefined, rank);
      return `${chosen.offsetX},${chosen.offsetY}`;
    });
    expect(offsets[0]).toBe('0,0');
    expect(new Set(offsets).size).toBe(3);
    const placements = candidatePlacements(canvas, original, DEFAULT_SEARCH_OPTIONS).length;
    const wrapped = chooseAndFill(original, canvas, 'auto', 1, undefined, undefined, placements);
    expect(`${wrapped.offsetX},${wrapped.offsetY}`).toBe(offsets[0]);
  });

  it("'auto' keeps the original centred when no placement is clearly better", () => {
    const noise = createRng(8);
    const gravel = syntheticImage(80, 60, () => {
      const g = 90 + noise() * 90;
      return [g, g * 0.95, g * 0.85];
    });
    const chosen = chooseAndFill(
      gravel,
      { width: 160, height: 60, offsetX: 0, offsetY: 0 },
      'auto',
      1,
    );
    expect([chosen.offsetX, chosen.offsetY]).toEqual([40, 0]);
  });

  it('keeps the original bit for bit at the offset it returns, inside the canvas', () => {
    for (const mode of ['auto', 'fixed'] as const) {
      const chosen = chooseAndFill(original, canvas, mode, 2);
      expect(chosen.offsetX).toBeGreaterThanOrEqual(0);
      expect(chosen.offsetY).toBeGreaterThanOrEqual(0);
      expect(chosen.offsetX + original.width).toBeLessThanOrEqual(canvas.width);
      expect(chosen.offsetY + original.height).toBeLessThanOrEqual(canvas.height);
      for (let y = 0; y < original.height; y++) {
        for (let x = 0; x < original.width; x++) {
          expect(
            rgbAt(chosen.pixels, canvas.width, chosen.offsetX + x, chosen.offsetY + y),
          ).toEqual(rgbAt(original.data, original.width, x, y));
        }
      }
      expect(chosen.confidence).toBeGreaterThanOrEqual(0);
      expect(chosen.confidence).toBeLessThanOrEqual(1);
    }
  });

  it('measures only the parts the confidence reads, and every part when asked (the bench)', () => {
    const chosen = chooseAndFill(original, canvas, 'fixed', 1);
    const all = chooseAndFill(original, canvas, 'fixed', 1, undefined, {
      ...DEFAULT_SEARCH_OPTIONS,
      measureAll: true,
    });
    for (const part of DEFECT_PARTS) {
      const read = (DEFAULT_SEARCH_OPTIONS.confidence.weights[part] ?? 0) !== 0;
      expect([part, Number.isNaN(chosen.score[part])]).toEqual([part, !read]);
      expect([part, Number.isFinite(all.score[part])]).toEqual([part, true]);
    }
    expect(all.confidence).toBe(chosen.confidence);
    expect(all.pixels).toEqual(chosen.pixels);
  });

  it("'fixed' keeps the offset it is given, and the same seed gives the same fill", () => {
    const chosen = chooseAndFill(original, canvas, 'fixed', 4);
    expect([chosen.offsetX, chosen.offsetY]).toEqual([0, 30]);
    expect(chooseAndFill(original, canvas, 'fixed', 4).pixels).toEqual(chosen.pixels);
  });
});

describe('candidatePlacements', () => {
  it('tries start, centre, end and between along the growing axis', () => {
    const offsets = candidatePlacements(
      { width: 300, height: 100, offsetX: 0, offsetY: 0 },
      { width: 100, height: 100 },
      DEFAULT_SEARCH_OPTIONS,
    ).map((p) => [p.offsetX, p.offsetY]);
    expect(offsets).toEqual([
      [0, 0],
      [50, 0],
      [100, 0],
      [150, 0],
      [200, 0],
    ]);
  });

  it('also tries both ends of the second axis when it grows by half as much or more', () => {
    const little = candidatePlacements(
      { width: 300, height: 140, offsetX: 0, offsetY: 0 },
      { width: 100, height: 100 },
      DEFAULT_SEARCH_OPTIONS,
    ).map((p) => `${p.offsetX},${p.offsetY}`);
    expect(little).toEqual(['0,20', '50,20', '100,20', '150,20', '200,20']);
    const offsets = candidatePlacements(
      { width: 300, height: 220, offsetX: 0, offsetY: 0 },
      { width: 100, height: 100 },
      DEFAULT_SEARCH_OPTIONS,
    ).map((p) => `${p.offsetX},${p.offsetY}`);
    expect(offsets).toEqual(['0,60', '50,60', '100,60', '150,60', '200,60', '100,0', '100,120']);
  });
});
