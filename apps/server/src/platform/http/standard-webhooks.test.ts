import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook } from './standard-webhooks';

const secret = `whsec_${Buffer.from('a signing secret of some length').toString('base64')}`;
const now = new Date('2026-01-01T00:00:00Z');
const ts = now.getTime() / 1000;
const body = '{"id":"abc","status":"succeeded"}';

function headers(signature: string, timestamp = ts) {
  return { id: 'msg_1', timestamp: String(timestamp), signature };
}

describe('verifyWebhook', () => {
  it('accepts a delivery signed with the secret, among other listed signatures', () => {
    const good = signWebhook(secret, 'msg_1', ts, body);
    const result = verifyWebhook(secret, headers(`v1,AAAA ${good}`), Buffer.from(body), now);
    expect(result).toEqual({ ok: true, id: 'msg_1' });
  });

  it('refuses a changed body, another secret, a stale timestamp and missing headers', () => {
    const good = signWebhook(secret, 'msg_1', ts, body);
    const other = signWebhook(
      `whsec_${Buffer.from('another').toString('base64')}`,
      'msg_1',
      ts,
      body,
    );
    const stale = signWebhook(secret, 'msg_1', ts - 301, body);
    expect(verifyWebhook(secret, headers(good), Buffer.from(`${body} `), now)).toEqual({
      ok: false,
      reason: 'signature mismatch',
    });
    expect(verifyWebhook(secret, headers(other), Buffer.from(body), now).ok).toBe(false);
    expect(verifyWebhook(secret, headers(stale, ts - 301), Buffer.from(body), now)).toEqual({
      ok: false,
      reason: 'stale timestamp',
    });
    expect(
      verifyWebhook(
        secret,
        { id: 'msg_1', timestamp: undefined, signature: good },
        Buffer.from(body),
        now,
      ),
    ).toEqual({ ok: false, reason: 'missing headers' });
  });
});
