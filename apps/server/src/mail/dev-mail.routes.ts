import type { DevMailMessage } from '@reframe/shared';
import type { FastifyInstance } from 'fastify';
import { loopbackOnly } from '../platform/http/loopback-only';
import { linksIn, type Mailer, type SentMail } from '../adapters/mail/mailer';
import { escapeHtml } from '../platform/http/escape-html';

function renderMailbox(messages: readonly SentMail[]): string {
  const items = messages
    .map((m) => {
      const links = linksIn(m.text)
        .map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`)
        .join('');
      return `<article><h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(m.sentAt)}</p>
<ul>${links}</ul><details><summary>Text</summary><pre>${escapeHtml(m.text)}</pre></details></article>`;
    })
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox · Reframe</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#111827}
article{border:1px solid #e5e7eb;border-radius:10px;padding:1rem 1.25rem;margin:1rem 0}h2{font-size:1.05rem;margin:0}
.meta{color:#6b7280;font-size:.85rem}a{color:#4f46e5;word-break:break-all}pre{white-space:pre-wrap}</style></head>
<body><h1>Dev mailbox</h1><p>Mail the outbox sent, newest first. Only with the dev routes on, when SMTP_URL is unset, from this machine.</p>
${items || '<p>No mail yet.</p>'}</body></html>`;
}

/**
 * The outbox, readable without a mail server: JSON at /api/dev/mail, a page at /dev/mail. Only
 * with the dev routes on (config.devRoutes), and only for a client on this machine.
 */
export function devMailRoutes({ mailer }: { mailer: Mailer }) {
  return function register(app: FastifyInstance) {
    app.addHook('onRequest', loopbackOnly);
    const sent = () => mailer.sent?.() ?? [];
    app.get('/api/dev/mail', (): DevMailMessage[] =>
      sent().map(({ to, subject, text, html, sentAt }) => ({ to, subject, text, html, sentAt })),
    );
    app.get('/dev/mail', (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(renderMailbox(sent())),
    );
  };
}
