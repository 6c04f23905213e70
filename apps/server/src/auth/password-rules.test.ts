import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './password-rules';

describe('common passwords', () => {
  it('refuses the most common ones, whatever their case', () => {
    for (const password of [
      'password',
      '123456',
      'Password1',
      'qwerty123',
      'iloveyou',
      'ＱＷＥＲＴＹ',
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('accepts the passwords the seed, the tests and the docs use', () => {
    const used = [
      'reframe-demo', // npm run db:seed, README
      'correct-horse-1', // integration and browser tests
      'brand-new-password-2',
      'brand-new-pass-2',
      'after-reset-9',
      'a-new-password-7',
      'bench-pass-1', // npm run bench:resizer-api
    ];
    for (const password of used) expect(isCommonPassword(password), password).toBe(false);
  });
});
