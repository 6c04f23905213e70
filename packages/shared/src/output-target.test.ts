import { describe, expect, it } from 'vitest';
import { errorMessages } from './messages/errors';
import {
  exactSizeError,
  isKnownRatio,
  normalRatioKey,
  parseCustomOutput,
  resolveOutput,
} from './output-target';

describe('parseCustomOutput', () => {
  it('reads an exact size in pixels or a ratio', () => {
    expect(parseCustomOutput('1200x628')).toEqual({ kind: 'size', width: 1200, height: 628 });
    expect(parseCustomOutput(' 800 × 600 ')).toEqual({ kind: 'size', width: 800, height: 600 });
    expect(parseCustomOutput('5:2')).toEqual({ kind: 'ratio', value: '5:2' });
  });

  it('refuses sizes outside 64 to 8000 px and 40 MP, with catalogue messages', () => {
    expect(parseCustomOutput('63x500')).toEqual({ error: 'CUSTOM_SIZE_TOO_SMALL' });
    expect(parseCustomOutput('8001x500')).toEqual({ error: 'CUSTOM_SIZE_TOO_LARGE' });
    expect(parseCustomOutput('8000x5001')).toEqual({ error: 'CUSTOM_SIZE_TOO_MANY_PIXELS' });
    expect(exactSizeError(8000, 5000)).toBeNull();
    expect(parseCustomOutput('9:1')).toEqual({ error: 'CUSTOM_RATIO_INVALID' });
    expect(parseCustomOutput('wide')).toEqual({ error: 'CUSTOM_SIZE_INVALID' });
    expect(errorMessages.CUSTOM_SIZE_TOO_SMALL).toBe('Each side must be at least 64 pixels');
    expect(errorMessages.CUSTOM_RATIO_INVALID).toBe('The ratio must be between 1:8 and 8:1');
  });
});

describe('resolveOutput', () => {
  it('resolves catalogue labels, custom ratios and custom sizes', () => {
    expect(resolveOutput('2:3 (Stories)')).toMatchObject({ ratio: 2 / 3, exact: null });
    expect(resolveOutput('5:2')).toMatchObject({ ratio: 2.5, exact: null, pack: null });
    expect(resolveOutput('640x480')).toMatchObject({ exact: { width: 640, height: 480 } });
    expect(resolveOutput('10x10')).toBeUndefined();
    expect(resolveOutput('nonsense')).toBeUndefined();
    expect(isKnownRatio('16:9')).toBe(true);
    expect(isKnownRatio('0:9')).toBe(false);
  });
});

describe('normalRatioKey', () => {
  it('spells a custom ratio one way and leaves catalogue labels and other keys alone', () => {
    expect(['1:1', '1.0:1', ' 1:1', '1 : 1.00'].map(normalRatioKey)).toEqual([
      '1:1',
      '1:1',
      '1:1',
      '1:1',
    ]);
    expect(normalRatioKey('2:3 (Stories)')).toBe('2:3 (Stories)');
    expect(normalRatioKey('1200x628')).toBe('1200x628');
  });
});
