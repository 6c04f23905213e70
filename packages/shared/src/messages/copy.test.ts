import { describe, expect, it } from 'vitest';
import { copy } from './copy';

describe('result titles', () => {
  it('names a ratio as the brief does', () => {
    expect(copy.resizer.resultTitle('16:9')).toBe('16:9 Aspect Ratio');
    expect(copy.viewer.title('5:2')).toBe('5:2 Aspect Ratio');
  });

  it('names an exact custom size by its pixels, not as an aspect ratio', () => {
    expect(copy.resizer.resultTitle('1500x500')).toBe('1500 × 500 px');
    expect(copy.viewer.title('1500x500')).toBe('1500 × 500 px');
  });
});
