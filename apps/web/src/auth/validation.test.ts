import { describe, expect, it } from 'vitest';
import {
  validateChangeEmail,
  validateChangePassword,
  validateNewPassword,
  validateRequestReset,
  validateSignIn,
  validateSignUp,
  validateVerificationLink,
} from './validation';

describe('validateSignIn', () => {
  it('asks for every field when the email or password is empty', () => {
    expect(validateSignIn({ email: '', password: 'secret1' })).toBe('Please fill in all fields');
    expect(validateSignIn({ email: 'a@b.co', password: '' })).toBe('Please fill in all fields');
    expect(validateSignIn({ email: '   ', password: 'secret1' })).toBe('Please fill in all fields');
  });

  it('accepts an email and a password', () => {
    expect(validateSignIn({ email: 'a@b.co', password: 'x' })).toBeNull();
  });
});

describe('validateSignUp', () => {
  const valid = {
    name: 'Ada',
    email: 'ada@example.com',
    password: 'secret1',
    confirmPassword: 'secret1',
  };

  it('asks for every field when any of the four is empty', () => {
    for (const field of ['name', 'email', 'password', 'confirmPassword'] as const) {
      expect(validateSignUp({ ...valid, [field]: '' })).toBe('Please fill in all fields');
    }
  });

  it('says the passwords do not match before checking their length', () => {
    expect(validateSignUp({ ...valid, password: 'abc', confirmPassword: 'abd' })).toBe(
      'Passwords do not match',
    );
  });

  it('needs a password of at least 6 characters', () => {
    expect(validateSignUp({ ...valid, password: 'abcde', confirmPassword: 'abcde' })).toBe(
      'Password must be at least 6 characters',
    );
    expect(validateSignUp({ ...valid, password: 'abcdef', confirmPassword: 'abcdef' })).toBeNull();
  });
});

describe('validateRequestReset', () => {
  it('asks for the email', () => {
    expect(validateRequestReset({ email: ' ' })).toBe('Please fill in all fields');
    expect(validateRequestReset({ email: 'a@b.co' })).toBeNull();
  });
});

describe('validateNewPassword', () => {
  it('checks presence, match and length in that order', () => {
    expect(validateNewPassword({ password: '', confirmPassword: '' })).toBe(
      'Please fill in all fields',
    );
    expect(validateNewPassword({ password: 'secret1', confirmPassword: 'secret2' })).toBe(
      'Passwords do not match',
    );
    expect(validateNewPassword({ password: 'short', confirmPassword: 'short' })).toBe(
      'Password must be at least 6 characters',
    );
    expect(validateNewPassword({ password: 'secret1', confirmPassword: 'secret1' })).toBeNull();
  });
});

describe('validateChangeEmail', () => {
  it('needs the current password and the new email', () => {
    expect(validateChangeEmail({ currentPassword: '', newEmail: 'n@b.co' })).toBe(
      'Please fill in all fields',
    );
    expect(validateChangeEmail({ currentPassword: 'secret1', newEmail: '' })).toBe(
      'Please fill in all fields',
    );
    expect(validateChangeEmail({ currentPassword: 'secret1', newEmail: 'n@b.co' })).toBeNull();
  });
});

describe('validateChangePassword', () => {
  const valid = {
    currentPassword: 'old-secret',
    newPassword: 'secret1',
    confirmPassword: 'secret1',
  };

  it('needs all three fields', () => {
    for (const field of ['currentPassword', 'newPassword', 'confirmPassword'] as const) {
      expect(validateChangePassword({ ...valid, [field]: '' })).toBe('Please fill in all fields');
    }
  });

  it('says the new passwords do not match', () => {
    expect(validateChangePassword({ ...valid, confirmPassword: 'secret2' })).toBe(
      'New passwords do not match',
    );
  });

  it('needs a new password of at least 6 characters', () => {
    expect(validateChangePassword({ ...valid, newPassword: 'abc', confirmPassword: 'abc' })).toBe(
      'Password must be at least 6 characters',
    );
    expect(validateChangePassword(valid)).toBeNull();
  });
});

describe('validateVerificationLink', () => {
  it('names the mode and whether a code is present', () => {
    expect(validateVerificationLink(null, null)).toBe(
      'Invalid verification link. Mode: missing, Code: missing',
    );
    expect(validateVerificationLink('resetPassword', 'abc')).toBe(
      'Invalid verification link. Mode: resetPassword, Code: present',
    );
    expect(validateVerificationLink('verifyEmail', '')).toBe(
      'Invalid verification link. Mode: verifyEmail, Code: missing',
    );
  });

  it('accepts mode verifyEmail with a code', () => {
    expect(validateVerificationLink('verifyEmail', 'abc')).toBeNull();
  });
});
