import { computeCanvas } from '@reframe/shared';
import { describe, expect, it } from 'vitest';
import { placementLabel } from './result-placement';

const original = { width: 600, height: 400 };
const canvas = computeCanvas(600, 400, 16 / 9);
const result = { width: canvas.width, height: canvas.height };

describe('placementLabel', () => {
  it('names an alignment the user chose', () => {
    const image = { ...result, alignment: 'left' as const, offsetX: 0, offsetY: 40 };
    expect(placementLabel(original, image)).toBe('Placement: Left');
  });

  it('names where Auto put the original, by the recorded offset', () => {
    const top = { ...result, alignment: 'auto' as const, offsetX: canvas.offsetX, offsetY: 0 };
    expect(placementLabel(original, top)).toBe('Placement: Auto (Top)');
    const corner = { ...top, offsetX: canvas.width - canvas.imageWidth, offsetY: 80 };
    expect(placementLabel(original, corner)).toBe('Placement: Auto (Bottom right)');
  });

  it('judges a trimmed result by the part it kept: spanning the width at the top is Top', () => {
    // 600x400 made 9:16 with a quarter trimmed across (Auto framing): the kept 450x400 spans
    // the 450x800 canvas's width, so no side is nearer than another across it.
    const trimmed = {
      width: 450,
      height: 800,
      alignment: 'auto' as const,
      framing: 'auto' as const,
      crop: { x: 150, y: 0, width: 450, height: 400 },
      offsetX: 0,
      offsetY: 0,
    };
    expect(placementLabel(original, trimmed)).toBe('Placement: Auto (Top)');
    expect(placementLabel(original, { ...trimmed, offsetY: 400 })).toBe('Placement: Auto (Bottom)');
  });

  it('says Auto alone for a result made before the offset was recorded', () => {
    const image = { ...result, alignment: 'auto' as const, offsetX: null, offsetY: null };
    expect(placementLabel(original, image)).toBe('Placement: Auto');
  });
});
