import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook } from '../../src/platform/http/standard-webhooks';

/** The test vector of the Standard Webhooks specification (and its reference libraries). */
const spec = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};
const atSpecTime = new Date(spec.timestamp * 1000);

describe('signWebhook', () => {
  it('gives the signature of the specification’s test vector', () => {
    expect(signWebhook(spec.secret, spec.id, spec.timestamp, spec.body)).toBe(spec.signature);
  });

  it('agrees with the standardwebhooks reference library', () => {
    const secret = `whsec_${Buffer.from('twenty-four random bytes').toString('base64')}`;
    const now = new Date();
    const timestamp = Math.floor(now.getTime() / 1000);
    const body = JSON.stringify({ id: 'exp_1', status: 'succeeded', outputs: [] });
    const ours = signWebhook(secret, 'msg_1', timestamp, body);
    expect(ours).toBe(new Webhook(secret).sign('msg_1', new Date(timestamp * 1000), body));
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': ours,
    };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });
});

describe('verifyWebhook', () => {
  const headers = (signature: string, timestamp = spec.timestamp) => ({
    id: spec.id,
    timestamp: String(timestamp),
    signature,
  });

  it('accepts the specification’s test vector', () => {
    expect(
      verifyWebhook(spec.secret, headers(spec.signature), Buffer.from(spec.body), atSpecTime),
    ).toEqual({ ok: true, id: spec.id });
  });

  it('accepts a timestamp up to 5 minutes off and refuses one older or newer', () => {
    const body = Buffer.from(spec.body);
    for (const skew of [-300, 300]) {
      const timestamp = spec.timestamp + skew;
      const signature = signWebhook(spec.secret, spec.id, timestamp, spec.body);
      expect(verifyWebhook(spec.secret, headers(signature, timestamp), body, atSpecTime).ok).toBe(
        true,
      );
    }
    for (const skew of [-301, 301]) {
      const timestamp = spec.timestamp + skew;
      const signature = signWebhook(spec.secret, spec.id, timestamp, spec.body);
      expect(verifyWebhook(spec.secret, headers(signature, timestamp), body, atSpecTime)).toEqual({
        ok: false,
        reason: 'stale timestamp',
      });
    }
  });

  it('refuses a changed body, a changed id and a signature of the wrong length', () => {
    expect(
      verifyWebhook(spec.secret, headers(spec.signature), Buffer.from('{"test": 1}'), atSpecTime),
    ).toEqual({ ok: false, reason: 'signature mismatch' });
    expect(
      verifyWebhook(
        spec.secret,
        { ...headers(spec.signature), id: 'msg_other' },
        Buffer.from(spec.body),
        atSpecTime,
      ).ok,
    ).toBe(false);
    expect(
      verifyWebhook(spec.secret, headers('v1,AAAA'), Buffer.from(spec.body), atSpecTime).ok,
    ).toBe(false);
  });
});
