import { expect, type APIRequestContext } from '@playwright/test';

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

/**
 * The newest message the dev outbox holds for `to` (GET /api/dev/mail, newest first), waiting for
 * it to arrive. `match` narrows it down, e.g. to the reset mail rather than the verification one.
 */
export async function newestMailTo(
  request: APIRequestContext,
  to: string,
  match: (mail: OutboxMail) => boolean = () => true,
): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/mail');
        expect(response.ok()).toBe(true);
        const mails = (await response.json()) as OutboxMail[];
        found = mails.find(
          (mail) => mail.to.toLowerCase().includes(to.toLowerCase()) && match(mail),
        );
        return found !== undefined;
      },
      { message: `no mail to ${to} arrived in the outbox`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The first link in the mail's text whose path starts with `pathPrefix`. */
export function linkIn(mail: OutboxMail, pathPrefix: string): string {
  const links = mail.text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [];
  const link = links.find((candidate) => new URL(candidate).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`no ${pathPrefix} link in the mail "${mail.subject}":\n${mail.text}`);
  return link;
}

export const isVerificationMail = (mail: OutboxMail) => mail.text.includes('/__/auth/action');
export const isResetMail = (mail: OutboxMail) => mail.text.includes('/forgot-password?token=');
