import { copy } from '@reframe/shared';
import type { MailMessage } from '../adapters/mail/mailer';
import { escapeHtml } from '../platform/http/escape-html';

/** The emails the server sends. Each has a text part and an HTML part with the Reframe wordmark. */

const BRAND = '#4f46e5';

interface Layout {
  to: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote: string;
}

function render({ to, subject, heading, paragraphs, action, footnote }: Layout): MailMessage {
  const text = [
    'Reframe',
    '',
    heading,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    footnote,
  ].join('\n');
  const button = action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(action.url)}" style="background:${BRAND};color:#ffffff;padding:12px 22px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#6b7280">Or paste this link into your browser:<br><a href="${escapeHtml(action.url)}" style="color:${BRAND};word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html><body style="margin:0;background:#f3f4f6;font-family:Inter,Segoe UI,Helvetica,Arial,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px" cellpadding="0" cellspacing="0"><tr><td>
<div style="font-size:22px;font-weight:800;letter-spacing:-0.02em;color:${BRAND}">Reframe</div>
<h1 style="font-size:20px;margin:24px 0 12px">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p style="font-size:15px;line-height:1.6;margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${button}
<p style="font-size:12px;color:#9ca3af;margin-top:28px">${escapeHtml(footnote)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return { to, subject, text, html };
}

export function verifyEmailMail(to: string, url: string): MailMessage {
  return render({
    to,
    subject: 'Verify your email for Reframe',
    heading: 'Confirm your email address',
    paragraphs: [
      'Thanks for signing up for Reframe. Please confirm your email address to start resizing your images.',
    ],
    action: { label: 'Verify email', url },
    footnote: "If you didn't create a Reframe account, you can ignore this email.",
  });
}

export function confirmNewEmailMail(to: string, url: string): MailMessage {
  return render({
    to,
    subject: 'Confirm your new email address for Reframe',
    heading: 'Confirm your new email address',
    paragraphs: [
      'Someone asked to use this address for their Reframe account. Your account email changes only after you open the link below.',
    ],
    action: { label: 'Confirm new email', url },
    footnote: "If you didn't ask for this change, you can ignore this email.",
  });
}

export function resetPasswordMail(to: string, url: string): MailMessage {
  return render({
    to,
    subject: 'Reset your Reframe password',
    heading: 'Reset your password',
    paragraphs: [
      'We received a request to reset the password of your Reframe account. The link is valid for one hour.',
    ],
    action: { label: 'Choose a new password', url },
    footnote:
      "If you didn't ask to reset your password, you can ignore this email; your password stays the same.",
  });
}

export function existingAccountSignUpMail(
  to: string,
  signInUrl: string,
  resetUrl: string,
): MailMessage {
  return render({
    to,
    subject: 'Someone tried to sign up for Reframe with your email',
    heading: 'You already have a Reframe account',
    paragraphs: [
      'Someone just tried to create a Reframe account with this email address. Your account is unchanged.',
      'If it was you, sign in with the button below. Forgot your password? Reset it here:',
      resetUrl,
    ],
    action: { label: 'Sign in', url: signInUrl },
    footnote: "If it wasn't you, you can ignore this email.",
  });
}

/** To the previous address, once the account's email has changed: it carries no link. */
export function emailChangedMail(to: string, newEmail: string): MailMessage {
  const text = copy.mail.emailChanged;
  return render({
    to,
    subject: text.subject,
    heading: text.heading,
    paragraphs: [text.body(newEmail), text.ifNotYou(copy.billing.supportEmail)],
    footnote: text.footnote,
  });
}

/** An invitation to a team (issue 26): the link carries the token, which works once. */
export function teamInviteMail(
  to: string,
  invite: { ownerName: string; role: string; url: string; days: number },
): MailMessage {
  const text = copy.mail.teamInvite;
  return render({
    to,
    subject: text.subject(invite.ownerName),
    heading: text.heading(invite.ownerName),
    paragraphs: [text.body(invite.ownerName, invite.role), text.howTo(to, invite.days)],
    action: { label: text.action, url: invite.url },
    footnote: text.footnote,
  });
}
