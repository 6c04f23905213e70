import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiDocsSnippets } from '@reframe/shared';

// The docs page's sample is Node code, so it runs here, beside the server, exactly as printed.
type Verify = (secret: string, headers: Record<string, string>, body: string) => boolean;

// The example of the Standard Webhooks specification (github.com/standard-webhooks).
const vector = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

const headers = (overrides: Record<string, string> = {}) => ({
  'webhook-id': vector.id,
  'webhook-timestamp': String(vector.timestamp),
  'webhook-signature': vector.signature,
  ...overrides,
});

describe("the docs page's webhook verification sample, run as it is printed", () => {
  let folder: string;
  let verifyWebhook: Verify;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'reframe-verify-'));
    const file = join(folder, 'verify.mjs');
    await writeFile(file, apiDocsSnippets.verify);
    ({ verifyWebhook } = (await import(pathToFileURL(file).href)) as { verifyWebhook: Verify });
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));
  afterEach(() => vi.useRealTimers());

  function at(seconds: number) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(seconds * 1000);
  }

  it("accepts the specification's signed example", () => {
    at(vector.timestamp + 10);
    expect(verifyWebhook(vector.secret, headers(), vector.body)).toBe(true);
  });

  it('finds the valid signature among several, as a rotation sends them', () => {
    at(vector.timestamp);
    const signatures = `v1,bm90IHRoaXMgb25l ${vector.signature}`;
    expect(
      verifyWebhook(vector.secret, headers({ 'webhook-signature': signatures }), vector.body),
    ).toBe(true);
  });

  it('refuses a changed body, another secret, or a missing header', () => {
    at(vector.timestamp);
    expect(verifyWebhook(vector.secret, headers(), '{"test": 1}')).toBe(false);
    expect(
      verifyWebhook('whsec_' + Buffer.from('another').toString('base64'), headers(), vector.body),
    ).toBe(false);
    expect(verifyWebhook(vector.secret, headers({ 'webhook-id': '' }), vector.body)).toBe(false);
  });

  it('refuses a delivery signed more than five minutes ago', () => {
    at(vector.timestamp + 5 * 60 + 1);
    expect(verifyWebhook(vector.secret, headers(), vector.body)).toBe(false);
  });
});
