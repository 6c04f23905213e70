import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com/), one owner for both ways:
 * Replicate signs the webhooks we receive with them
 * (https://replicate.com/docs/topics/webhooks/verify-webhook), and the public API signs the ones
 * we send (issue 30). HMAC-SHA256, keyed with the base64 part of the `whsec_` secret, over
 * `${webhook-id}.${webhook-timestamp}.${raw body}`; `webhook-signature` lists space-separated
 * `v1,<base64>` signatures, any of which may match.
 */

/** Older deliveries are refused, so a captured one cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export interface WebhookHeaders {
  id: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
}

export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const digest = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${digest}`;
}

/**
 * What can be checked before the body is read: the three headers are there and the timestamp is
 * fresh. The webhook route reads up to 32 MB, so a request that fails this is refused unread.
 */
export function checkWebhookHeaders(
  headers: WebhookHeaders,
  now: Date = new Date(),
): { ok: true } | { ok: false; reason: string } {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature) return { ok: false, reason: 'missing headers' };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'bad timestamp' };
  const age = Math.abs(now.getTime() / 1000 - Number(timestamp));
  if (age > WEBHOOK_TOLERANCE_SECONDS) return { ok: false, reason: 'stale timestamp' };
  return { ok: true };
}

export function verifyWebhook(
  secret: string,
  headers: WebhookHeaders,
  body: Buffer,
  now: Date = new Date(),
): { ok: true; id: string } | { ok: false; reason: string } {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature) return { ok: false, reason: 'missing headers' };
  const checked = checkWebhookHeaders(headers, now);
  if (!checked.ok) return checked;
  const expected = Buffer.from(
    signWebhook(secret, id, Number(timestamp), body.toString('utf8')).slice(3),
    'base64',
  );
  const matches = signature.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? { ok: true, id } : { ok: false, reason: 'signature mismatch' };
}
