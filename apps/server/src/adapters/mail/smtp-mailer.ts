import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

/** Sends through the SMTP server of SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(url: string, from: string, logger: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      const info = await transport.sendMail({ from, ...message });
      logger.info(
        { to: message.to, subject: message.subject, messageId: info.messageId },
        'mail (smtp)',
      );
    },
    close() {
      transport.close();
      return Promise.resolve();
    },
  };
}
