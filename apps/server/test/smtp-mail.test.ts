import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../src/adapters/mail/smtp-mailer';
import { TestClient } from './helpers/client';
import { PASSWORD, uniqueEmail } from './helpers/accounts';
import { waitFor } from './helpers/poll';
import { createTestApp } from './helpers/test-app';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server in this process that keeps what it receives. */
function startSmtpServer(): Promise<{
  url: string;
  received: Received[];
  close: () => Promise<void>;
}> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url: `smtp://127.0.0.1:${port}`,
        received,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

describe('SMTP mailer', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  it('delivers text and HTML from MAIL_FROM', async () => {
    const mailer = createSmtpMailer(
      smtp.url,
      'Reframe <no-reply@reframe.test>',
      pino({ level: 'silent' }),
    );
    await mailer.send({
      to: 'ada@example.com',
      subject: 'Hello',
      text: 'Plain body',
      html: '<p>HTML body</p>',
    });
    await mailer.close();
    const mail = smtp.received.at(-1);
    expect(mail?.from).toBe('no-reply@reframe.test');
    expect(mail?.to).toEqual(['ada@example.com']);
    expect(mail?.raw).toContain('Subject: Hello');
    expect(mail?.raw).toContain('text/plain');
    expect(mail?.raw).toContain('Plain body');
    expect(mail?.raw).toContain('text/html');
  });

  it('carries the sign-up verification mail when the app runs with SMTP_URL', async () => {
    const mailer = createSmtpMailer(
      smtp.url,
      'Reframe <no-reply@reframe.test>',
      pino({ level: 'silent' }),
    );
    const t = await createTestApp({ env: { SMTP_URL: smtp.url }, mailer });
    try {
      const email = uniqueEmail('smtp');
      const response = await new TestClient(t.app).post('/api/auth/sign-up/email', {
        name: 'S',
        email,
        password: PASSWORD,
      });
      expect(response.statusCode).toBe(200);
      const mail = await waitFor(() => smtp.received.find((m) => m.to.includes(email)), {
        what: `a mail to ${email}`,
        timeoutMs: 5000,
        intervalMs: 50,
      });
      expect(mail.raw).toContain('Verify your email for Reframe');
      expect(mail.raw.replace(/=\r?\n/g, '')).toContain('/__/auth/action?mode=3DverifyEmail');
      expect((await new TestClient(t.app).get('/api/dev/mail')).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
