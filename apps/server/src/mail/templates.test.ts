import { describe, expect, it } from 'vitest';
import { linksIn } from '../adapters/mail/mailer';
import { existingAccountSignUpMail, resetPasswordMail, verifyEmailMail } from './templates';

describe('mail templates', () => {
  it('write the link in both the text and the HTML, under the wordmark', () => {
    const url = 'http://localhost:3000/__/auth/action?mode=verifyEmail&oobCode=abc';
    const mail = verifyEmailMail('ada@example.com', url);
    expect(mail.to).toBe('ada@example.com');
    expect(mail.text.startsWith('Reframe\n')).toBe(true);
    expect(linksIn(mail.text)).toEqual([url]);
    expect(mail.html).toContain('>Reframe</div>');
    expect(mail.html).toContain(
      'href="http://localhost:3000/__/auth/action?mode=verifyEmail&amp;oobCode=abc"',
    );
  });

  it('escape HTML in what they include', () => {
    const mail = resetPasswordMail('x@example.com', 'http://x/"><script>alert(1)</script>');
    expect(mail.html).not.toContain('<script>');
  });

  it('tell the owner of an existing account how to sign in or reset', () => {
    const mail = existingAccountSignUpMail(
      'ada@example.com',
      'http://h/signin',
      'http://h/forgot-password',
    );
    expect(linksIn(mail.text)).toEqual(
      expect.arrayContaining(['http://h/signin', 'http://h/forgot-password']),
    );
  });
});
