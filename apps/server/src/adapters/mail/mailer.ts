/** One outgoing email, always in both text and HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SentMail extends MailMessage {
  /** ISO-8601 */
  sentAt: string;
}

/** Sends mail: the outbox (log + dev mailbox) by default, SMTP when SMTP_URL is set. */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  /** The outbox's messages, newest first; undefined for transports that keep none. */
  sent?(): readonly SentMail[];
  close(): Promise<void>;
}

/** Every http(s) link in a text, for the dev mailbox. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => match[0]);
}
