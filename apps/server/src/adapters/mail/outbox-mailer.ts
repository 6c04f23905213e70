import type { FastifyBaseLogger } from 'fastify';
import { linksIn, type Mailer, type MailMessage, type SentMail } from '../../mail/mailer';

const KEPT_MESSAGES = 200;

/** Logs each message with its links and keeps the latest ones in memory for the dev mailbox. */
export function createOutboxMailer(logger: FastifyBaseLogger): Mailer {
  const messages: SentMail[] = [];
  return {
    kind: 'outbox',
    send(message: MailMessage) {
      const sent = { ...message, sentAt: new Date().toISOString() };
      messages.unshift(sent);
      messages.splice(KEPT_MESSAGES);
      logger.info(
        { to: message.to, subject: message.subject, links: linksIn(message.text) },
        'mail (outbox)',
      );
      return Promise.resolve();
    },
    sent: () => [...messages],
    close: () => Promise.resolve(),
  };
}
