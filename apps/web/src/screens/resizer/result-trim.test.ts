import { describe, expect, it } from 'vitest';
import { trimLabel } from './result-placement';

describe('trimLabel (issue 38)', () => {
  const original = { width: 1000, height: 800 };

  it('says how much was trimmed and from which sides', () => {
    expect(trimLabel(original, { crop: { x: 0, y: 96, width: 1000, height: 704 } })).toBe(
      'Trimmed 12 % (top)',
    );
    expect(trimLabel(original, { crop: { x: 50, y: 0, width: 900, height: 800 } })).toBe(
      'Trimmed 10 % (left, right)',
    );
  });

  it('says nothing when the whole photo was kept, or for an older result', () => {
    expect(trimLabel(original, { crop: { x: 0, y: 0, width: 1000, height: 800 } })).toBeNull();
    expect(trimLabel(original, { crop: null })).toBeNull();
  });
});
