import { describe, expect, it } from 'vitest';
import { shouldRetry } from './retry-rule';

describe('shouldRetry: which failures', () => {
  it('recognises the four transient phrases of the brief, in any case', () => {
    expect(shouldRetry('Image expansion failed: Please retry later', 0)).toBe(true);
    expect(shouldRetry('API error: the worker was interrupted', 0)).toBe(true);
    expect(shouldRetry('API error: upstream TIMEOUT', 0)).toBe(true);
    expect(shouldRetry('Image expansion failed: (code: PA) busy', 0)).toBe(true);
  });

  it('leaves every other failure alone', () => {
    expect(
      shouldRetry('API error: You have no remaining credits. Please upgrade your plan.', 0),
    ).toBe(false);
    expect(shouldRetry('Image expansion failed: unsupported image', 0)).toBe(false);
    expect(shouldRetry('', 0)).toBe(false);
  });
});

describe('shouldRetry: how often', () => {
  it('retries a transient error at most twice', () => {
    expect(shouldRetry('interrupted', 0)).toBe(true);
    expect(shouldRetry('interrupted', 1)).toBe(true);
    expect(shouldRetry('interrupted', 2)).toBe(false);
    expect(shouldRetry('bad request', 0)).toBe(false);
  });
});
