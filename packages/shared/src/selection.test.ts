import { describe, expect, it } from 'vitest';
import { placementPacks } from './placement-packs';
import { isSameCatalogueRatio, summarizeSelection } from './selection';

const meta = placementPacks.find((pack) => pack.id === 'meta')!.outputs.map((out) => out.id);

describe('summarizeSelection', () => {
  it('charges 3 photos x the Meta pack, with nothing else selected, 12 credits', () => {
    const summary = summarizeSelection(meta, 3);
    expect(summary.items).toEqual([{ kind: 'pack', packId: 'meta', keys: meta }]);
    expect(summary.outputs).toEqual(meta);
    expect(summary.credits).toBe(12);
    expect(summary.sameShape).toEqual([]);
  });

  it('lists ratios, then whole packs or single placements, then custom outputs', () => {
    const summary = summarizeSelection(['16:9', ...meta, 'x-header-1500x500', '1500x500', '5:2']);
    expect(summary.items).toEqual([
      { kind: 'ratio', key: '16:9' },
      { kind: 'pack', packId: 'meta', keys: meta },
      { kind: 'placement', key: 'x-header-1500x500' },
      { kind: 'custom', key: '1500x500' },
      { kind: 'custom', key: '5:2' },
    ]);
    expect(summary.credits).toBe(8);
  });

  it('warns that 1:1 and the Meta Feed 1080 x 1080 are the same shape', () => {
    expect(summarizeSelection(['1:1', ...meta]).sameShape).toEqual([
      ['1:1', 'meta-feed-1080x1080'],
    ]);
  });

  it('warns of one exact size picked twice, not of one shape at two sizes', () => {
    expect(
      summarizeSelection(['meta-link-1200x628', 'google-landscape-1200x628']).sameShape,
    ).toEqual([['meta-link-1200x628', 'google-landscape-1200x628']]);
    expect(
      summarizeSelection(['meta-feed-1080x1080', 'google-square-1200x1200']).sameShape,
    ).toEqual([]);
  });

  it('counts one ratio listed on two tabs once', () => {
    const summary = summarizeSelection(['16:9', '16:9 (Facebook video)'], 2);
    expect(summary.outputs).toEqual(['16:9']);
    expect(summary.credits).toBe(2);
  });
});

describe('isSameCatalogueRatio', () => {
  it('matches the labels of one ratio on different tabs, and nothing else', () => {
    expect(isSameCatalogueRatio('16:9', '16:9 (Facebook video)')).toBe(true);
    expect(isSameCatalogueRatio('9:16 (Reels)', '9:16')).toBe(true);
    expect(isSameCatalogueRatio('16:9', '1.78:1')).toBe(false);
    expect(isSameCatalogueRatio('16:9', '1280x720')).toBe(false);
  });
});
