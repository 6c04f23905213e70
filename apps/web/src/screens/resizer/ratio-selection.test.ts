import { describe, expect, it } from 'vitest';
import {
  addOutputs,
  customOutputKey,
  customOutputs,
  INITIAL_SELECTION,
  isOriginalRatio,
  isRatioSelected,
  pruneSelection,
  removeOutputs,
  selectedOnTab,
  toggleRatio,
} from './ratio-selection';

describe('isOriginalRatio', () => {
  it('marks ratios within 5% of the original', () => {
    expect(isOriginalRatio('16:9', 1.78)).toBe(true);
    expect(isOriginalRatio('1.78:1', 1.78)).toBe(true);
    expect(isOriginalRatio('16:9 (Facebook video)', 1.78)).toBe(true);
    expect(isOriginalRatio('1.91:1', 1.78)).toBe(false);
    expect(isOriginalRatio('1:1', null)).toBe(false);
  });
});

describe('toggleRatio', () => {
  it('adds in catalogue order next to the initial 1:1, and removes on a second toggle', () => {
    let selection = toggleRatio(INITIAL_SELECTION, '16:9', null);
    selection = toggleRatio(selection, '4:3', null);
    expect(selection.keys).toEqual(['1:1', '4:3', '16:9']);
    expect(toggleRatio(selection, '4:3', null).keys).toEqual(['1:1', '16:9']);
  });

  it('treats one ratio listed on two tabs as one selection', () => {
    const selection = toggleRatio({ keys: [], initial: false }, '16:9', null);
    expect(isRatioSelected(selection.keys, '16:9 (Facebook video)')).toBe(true);
    expect(toggleRatio(selection, '16:9 (Facebook video)', null).keys).toEqual([]);
  });

  it('refuses an "(Original)" ratio', () => {
    expect(toggleRatio(INITIAL_SELECTION, '3:2', 1.5).keys).toEqual(['1:1']);
  });
});

describe('addOutputs', () => {
  it('replaces the untouched initial 1:1 with the first pack or custom size', () => {
    const meta = ['meta-feed-1080x1080', 'meta-portrait-1080x1350'];
    expect(addOutputs(INITIAL_SELECTION, meta).keys).toEqual(meta);
    expect(addOutputs(INITIAL_SELECTION, ['1500x500']).keys).toEqual(['1500x500']);
  });

  it('keeps a 1:1 the user chose', () => {
    const chosen = toggleRatio(toggleRatio(INITIAL_SELECTION, '1:1', null), '1:1', null);
    expect(addOutputs(chosen, ['1500x500', '5:2']).keys).toEqual(['1:1', '1500x500', '5:2']);
    expect(customOutputs(addOutputs(chosen, ['1500x500']).keys)).toEqual(['1500x500']);
  });
});

describe('removeOutputs', () => {
  it('removes a ratio from every tab that lists it', () => {
    const selection = { keys: ['9:16 (Reels)', '1500x500'], initial: false };
    expect(removeOutputs(selection, ['9:16']).keys).toEqual(['1500x500']);
  });
});

describe('pruneSelection', () => {
  it('drops the selected ratios that match a square original', () => {
    const selection = { keys: ['1:1', '16:9', '6:5'], initial: false };
    expect(pruneSelection(selection, 1).keys).toEqual(['16:9', '6:5']);
  });

  it('keeps everything for an original far from all of them', () => {
    const selection = { keys: ['1:1', '16:9'], initial: false };
    expect(pruneSelection(selection, 0.4).keys).toEqual(['1:1', '16:9']);
  });
});

describe('customOutputKey', () => {
  it('reads an exact size or a ratio', () => {
    expect(customOutputKey(' 1500 x 500 ')).toEqual({ key: '1500x500' });
    expect(customOutputKey('5:2')).toEqual({ key: '5:2' });
  });

  it('says why a size or ratio cannot be made', () => {
    expect(customOutputKey('10x10')).toEqual({ error: 'CUSTOM_SIZE_TOO_SMALL' });
    expect(customOutputKey('9000x100')).toEqual({ error: 'CUSTOM_SIZE_TOO_LARGE' });
    expect(customOutputKey('7000x7000')).toEqual({ error: 'CUSTOM_SIZE_TOO_MANY_PIXELS' });
    expect(customOutputKey('9:1')).toEqual({ error: 'CUSTOM_RATIO_INVALID' });
    expect(customOutputKey('wide')).toEqual({ error: 'CUSTOM_SIZE_INVALID' });
  });
});

describe('selectedOnTab', () => {
  const badges = (selected: readonly string[], tickedOn: Record<string, string> = {}) =>
    ['Common', 'Meta Ads', 'Google Ads', 'Packs'].map((tab) =>
      selectedOnTab(selected, tab, tickedOn, 'Packs'),
    );

  it('counts the initial 1:1 once, on the first tab that lists it', () => {
    expect(badges(INITIAL_SELECTION.keys)).toEqual([1, 0, 0, 0]);
  });

  it('counts a ratio on the tab it was ticked on, placements on Packs, custom outputs nowhere', () => {
    const selected = ['1:1', '16:9 (Facebook video)', 'meta-feed-1080x1080', '1500x500'];
    expect(badges(selected, { '1:1': 'Google Ads' })).toEqual([0, 1, 1, 1]);
  });
});
