import { describe, expect, it } from 'vitest';
import { resetPasswordLink, verificationLink } from './links';

describe('email links', () => {
  it('points verification at the email-action screen, continuing to /verify-success', () => {
    expect(verificationLink('https://reframe.example', 'a.b.c')).toBe(
      'https://reframe.example/__/auth/action?mode=verifyEmail&oobCode=a.b.c&continueUrl=https%3A%2F%2Freframe.example%2Fverify-success',
    );
  });

  it('points password reset at /forgot-password with the token', () => {
    expect(resetPasswordLink('http://localhost:3000', 'tok123')).toBe(
      'http://localhost:3000/forgot-password?token=tok123',
    );
  });
});
