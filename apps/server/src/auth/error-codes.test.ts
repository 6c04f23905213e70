import { describe, expect, it } from 'vitest';
import { translateAuthError } from './error-codes';

describe('translateAuthError', () => {
  it('answers sign-in failures with the generic catalogue message', () => {
    expect(
      translateAuthError('/api/auth/sign-in/email', { code: 'INVALID_EMAIL_OR_PASSWORD' }),
    ).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password',
    });
  });

  it('maps a code by path where it means different things', () => {
    expect(
      translateAuthError('/api/auth/change-password', { code: 'INVALID_PASSWORD' })?.code,
    ).toBe('WRONG_CURRENT_PASSWORD');
    expect(
      translateAuthError('/api/auth/sign-up/email', {
        code: 'INVALID_PASSWORD',
        message: 'Invalid password',
      }),
    ).toEqual({
      code: 'INVALID_PASSWORD',
      message: 'Invalid password',
    });
  });

  it('leaves bodies without a code alone', () => {
    expect(translateAuthError('/api/auth/x', { message: 'hm' })).toBeNull();
  });
});
