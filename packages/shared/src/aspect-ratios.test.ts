import { describe, expect, it } from 'vitest';
import {
  aspectOfLabel,
  aspectRatioLabels,
  aspectRatios,
  aspectRatiosIn,
  findAspectRatio,
  PREVIEW_BOX_PX,
} from './aspect-ratios';
import { parseRatio } from './geometry/ratio';

describe('aspect ratio catalogue', () => {
  it('lists the brief ratios per category in order', () => {
    expect(aspectRatiosIn('Common').map((r) => r.label)).toEqual([
      '1:1',
      '4:3',
      '3:4',
      '16:9',
      '9:16',
      '3:2',
      '2:3',
      '21:9',
    ]);
    expect(aspectRatiosIn('Meta Ads').map((r) => r.label)).toEqual([
      '1.91:1',
      '4:5',
      '2:3 (Stories)',
      '9:16 (Reels)',
      '16:9 (Facebook video)',
      '1:1',
    ]);
    expect(aspectRatiosIn('Google Ads').map((r) => r.label)).toEqual([
      '1.91:1',
      '1:1',
      '4:1',
      '1.33:1',
      '1.5:1',
      '1.78:1',
      '6:5',
    ]);
  });

  it('gives every option a "w:h" value and a preview box of that shape', () => {
    for (const option of aspectRatios) {
      expect(option.value).toMatch(/^\d+(\.\d+)?:\d+$/);
      expect(Math.max(option.previewWidth, option.previewHeight)).toBe(PREVIEW_BOX_PX);
      expect(option.previewWidth / option.previewHeight).toBeCloseTo(parseRatio(option.value), 0);
    }
    expect(findAspectRatio('2:3 (Stories)')).toMatchObject({ value: '2:3', category: 'Meta Ads' });
    expect(findAspectRatio('4:1')).toMatchObject({ previewWidth: 48, previewHeight: 12 });
  });

  it('knows each label once and rejects unknown ones', () => {
    expect(aspectRatioLabels).toHaveLength(18);
    expect(findAspectRatio('5:7')).toBeUndefined();
  });

  it('reads the shape of a label from the catalogue, not from its text', () => {
    expect(aspectOfLabel('2:3 (Stories)')).toBeCloseTo(2 / 3);
    expect(aspectOfLabel('1.91:1')).toBeCloseTo(1.91);
    expect(aspectOfLabel('5:7')).toBe(1);
  });
});
