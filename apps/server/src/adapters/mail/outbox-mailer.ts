import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage, SentMail } from './mailer';

const KEPT_MESSAGES = 200;

/**
 * Keeps the latest messages in memory for the dev mailbox and logs that each was sent, without
 * its links: they carry sign-in, verification and reset tokens, and logs are read by others.
 */
export function createOutboxMailer(logger: FastifyBaseLogger): Mailer {
  const messages: SentMail[] = [];
  return {
    kind: 'outbox',
    send(message: MailMessage) {
      const sent = { ...message, sentAt: new Date().toISOString() };
      messages.unshift(sent);
      messages.splice(KEPT_MESSAGES);
      logger.info({ to: message.to, subject: message.subject }, 'mail (outbox)');
      return Promise.resolve();
    },
    sent: () => [...messages],
    close: () => Promise.resolve(),
  };
}
