import { describe, expect, it } from 'vitest';
import { isRetryableError, MAX_RETRIES, shouldRetry } from './retry-rule';

describe('isRetryableError', () => {
  it('recognises the four transient phrases of the brief, in any case', () => {
    expect(isRetryableError('Image expansion failed: Please retry later')).toBe(true);
    expect(isRetryableError('API error: the worker was interrupted')).toBe(true);
    expect(isRetryableError('API error: upstream TIMEOUT')).toBe(true);
    expect(isRetryableError('Image expansion failed: (code: PA) busy')).toBe(true);
  });

  it('leaves every other failure alone', () => {
    expect(
      isRetryableError('API error: You have no remaining credits. Please upgrade your plan.'),
    ).toBe(false);
    expect(isRetryableError('Image expansion failed: unsupported image')).toBe(false);
    expect(isRetryableError('')).toBe(false);
  });
});

describe('shouldRetry', () => {
  it('retries a transient error at most twice', () => {
    expect(shouldRetry('interrupted', 0)).toBe(true);
    expect(shouldRetry('interrupted', 1)).toBe(true);
    expect(shouldRetry('interrupted', MAX_RETRIES)).toBe(false);
    expect(shouldRetry('bad request', 0)).toBe(false);
  });
});
