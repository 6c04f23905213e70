import { describe, expect, it } from 'vitest';
import {
  column,
  fixed,
  inset,
  narrowest,
  scale,
  sectionContent,
  sizesAttribute,
  type SizesLayout,
} from './image-sizes';

/** What the browser computes from a layout at one viewport width. */
function drawnAt(layout: SizesLayout, viewport: number): number {
  const rule = layout.find((candidate) => viewport >= candidate.minWidth);
  if (!rule) throw new Error('no rule');
  return (rule.width.vw / 100) * viewport + rule.width.px;
}

describe('sizesAttribute', () => {
  it('writes one media condition per rule, widest first, and a bare default', () => {
    expect(sizesAttribute(sectionContent)).toBe(
      '(min-width: 1152px) 1088px, (min-width: 640px) calc(100vw - 64px), calc(100vw - 40px)',
    );
  });

  it('writes a plain vw or px length when the other part is zero', () => {
    expect(
      sizesAttribute([
        { minWidth: 800, width: fixed(400.2) },
        { minWidth: 0, width: { vw: 50, px: 0 } },
      ]),
    ).toBe('(min-width: 800px) 401px, 50vw');
  });
});

describe('inset, column and scale', () => {
  it('takes paddings off every rule', () => {
    expect(drawnAt(inset(sectionContent, 18), 390)).toBe(390 - 40 - 18);
    expect(drawnAt(inset(sectionContent, 18), 1440)).toBe(1088 - 18);
  });

  it('splits the content into a grid column from its breakpoint up, and not below', () => {
    const pair = column(sectionContent, { from: 768, share: 0.5, gap: 24 });
    expect(drawnAt(pair, 700)).toBe(700 - 64);
    expect(drawnAt(pair, 900)).toBe((900 - 64 - 24) / 2);
    expect(drawnAt(pair, 1440)).toBe((1088 - 24) / 2);
    expect(sizesAttribute(pair)).toBe(
      '(min-width: 1152px) 532px, (min-width: 768px) calc(50vw - 44px), (min-width: 640px) calc(100vw - 64px), calc(100vw - 40px)',
    );
  });

  it('scales a photo drawn over part of its frame', () => {
    expect(drawnAt(scale(sectionContent, 0.5), 390)).toBe((390 - 40) / 2);
  });
});

describe('narrowest', () => {
  it('caps a fluid width where it crosses a max-width, at the exact viewport width', () => {
    const capped = narrowest(sectionContent, [{ minWidth: 0, width: fixed(600) }]);
    expect(capped).toEqual([
      { minWidth: 664, width: fixed(600) },
      { minWidth: 640, width: { vw: 100, px: -64 } },
      { minWidth: 0, width: { vw: 100, px: -40 } },
    ]);
  });

  it('takes the narrower of two stepped layouts at every width', () => {
    const heightBound: SizesLayout = [
      { minWidth: 1024, width: fixed(950) },
      { minWidth: 640, width: fixed(198) },
      { minWidth: 0, width: fixed(144) },
    ];
    const both = narrowest(sectionContent, heightBound);
    for (const viewport of [320, 390, 639, 640, 700, 1023, 1024, 1100, 1151, 1152, 1440, 2000]) {
      expect(drawnAt(both, viewport)).toBeCloseTo(
        Math.min(drawnAt(sectionContent, viewport), drawnAt(heightBound, viewport)),
      );
    }
  });
});
