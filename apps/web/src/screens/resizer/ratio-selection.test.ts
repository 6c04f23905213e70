import { describe, expect, it } from 'vitest';
import {
  addCustomOutput,
  customOutputs,
  INITIAL_SELECTION,
  isOriginalRatio,
  pruneSelection,
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
  it('adds in catalogue order and removes on a second toggle', () => {
    let selected = toggleRatio(INITIAL_SELECTION, '16:9', null);
    selected = toggleRatio(selected, '4:3', null);
    expect(selected).toEqual(['1:1', '4:3', '16:9']);
    expect(toggleRatio(selected, '4:3', null)).toEqual(['1:1', '16:9']);
  });

  it('refuses an "(Original)" ratio', () => {
    expect(toggleRatio(['1:1'], '3:2', 1.5)).toEqual(['1:1']);
  });
});

describe('pruneSelection', () => {
  it('drops the selected ratios that match a square original', () => {
    expect(pruneSelection(['1:1', '16:9', '6:5'], 1)).toEqual(['16:9', '6:5']);
  });

  it('keeps everything for an original far from all of them', () => {
    expect(pruneSelection(['1:1', '16:9'], 0.4)).toEqual(['1:1', '16:9']);
  });
});

describe('addCustomOutput', () => {
  it('adds an exact size or a ratio after the catalogue, and keeps them when ratios are toggled', () => {
    const withSize = addCustomOutput(['16:9'], ' 1500 x 500 ');
    expect(withSize).toEqual({ selected: ['16:9', '1500x500'] });
    const withRatio = addCustomOutput(['16:9', '1500x500'], '5:2');
    expect(withRatio).toEqual({ selected: ['16:9', '1500x500', '5:2'] });
    const toggled = toggleRatio(['16:9', '1500x500', '5:2'], '1:1', null);
    expect(toggled).toEqual(['1:1', '16:9', '1500x500', '5:2']);
    expect(customOutputs(toggled)).toEqual(['1500x500', '5:2']);
    expect(addCustomOutput(['1500x500'], '1500x500')).toEqual({ selected: ['1500x500'] });
  });

  it('says why a size or ratio cannot be made', () => {
    expect(addCustomOutput([], '10x10')).toEqual({ error: 'CUSTOM_SIZE_TOO_SMALL' });
    expect(addCustomOutput([], '9000x100')).toEqual({ error: 'CUSTOM_SIZE_TOO_LARGE' });
    expect(addCustomOutput([], '7000x7000')).toEqual({ error: 'CUSTOM_SIZE_TOO_MANY_PIXELS' });
    expect(addCustomOutput([], '9:1')).toEqual({ error: 'CUSTOM_RATIO_INVALID' });
    expect(addCustomOutput([], 'wide')).toEqual({ error: 'CUSTOM_SIZE_INVALID' });
  });
});
