import { describe, expect, it } from 'vitest';
import { defaultFraming, framingsFor, resolveFraming } from './framing-choice';

describe('framing choices (issue 38)', () => {
  it('defaults to Auto with the built-in engine, and offers every framing', () => {
    expect(defaultFraming('engine', 'natural')).toBe('auto');
    expect(framingsFor('engine', 'natural')).toEqual(['auto', 'trim', 'trim_more', 'keep']);
    expect(resolveFraming('engine', 'natural', undefined)).toBe('auto');
    expect(resolveFraming('engine', 'natural', 'trim_more')).toBe('trim_more');
  });

  it('keeps the whole photo with a hosted model, and refuses to have it trim', () => {
    expect(defaultFraming('replicate', 'natural')).toBe('keep');
    expect(framingsFor('replicate', 'natural')).toEqual(['keep']);
    expect(resolveFraming('replicate', 'natural', undefined)).toBe('keep');
    expect(resolveFraming('replicate', 'natural', 'auto')).toBe('keep');
    expect(resolveFraming('replicate', 'natural', 'trim')).toBeNull();
  });

  it("lets a hosted deployment's blurred backdrop trim: the engine makes it", () => {
    expect(resolveFraming('replicate', 'blurred_backdrop', 'trim')).toBe('trim');
    expect(framingsFor('replicate', 'blurred_backdrop')).toContain('trim_more');
  });
});
