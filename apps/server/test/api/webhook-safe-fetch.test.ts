import type { LookupAddress } from 'node:dns';
import { afterEach, describe, expect, it } from 'vitest';
import { isAllowedAddress } from '../../src/api/webhooks/address-policy';
import { safePost } from '../../src/api/webhooks/safe-fetch';
import { startReceiver } from '../helpers/webhook-receiver';

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
const receivers: Receiver[] = [];
async function receiver(options: Parameters<typeof startReceiver>[0]) {
  const started = await startReceiver(options);
  receivers.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

const body = '{"id":"exp_1"}';

describe('isAllowedAddress', () => {
  it('refuses every address that is not the public internet in production', () => {
    const refused = [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      'fd00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:a00:1',
      '64:ff9b::a00:1',
    ];
    for (const address of refused) expect(isAllowedAddress(address, true), address).toBe(false);
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '1.1.1.1']) {
      expect(isAllowedAddress(address, true), address).toBe(true);
    }
  });

  it('refuses IPv4-compatible and IPv4-translated IPv6 forms, in production and out of it', () => {
    const refused = [
      '::127.0.0.1',
      '::10.0.0.1',
      '::169.254.169.254',
      '::7f00:1',
      '::ffff:0:127.0.0.1',
      '::ffff:0:10.0.0.1',
      '::ffff:0:a9fe:a9fe',
      '::ffff:0:93.184.216.34',
    ];
    for (const production of [true, false]) {
      for (const address of refused) {
        expect(isAllowedAddress(address, production), address).toBe(false);
      }
    }
  });

  it('allows loopback, and only loopback, outside production', () => {
    for (const address of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1']) {
      expect(isAllowedAddress(address, false), address).toBe(true);
    }
    for (const address of ['10.0.0.1', '192.168.0.1', '169.254.169.254', 'fd00::1']) {
      expect(isAllowedAddress(address, false), address).toBe(false);
    }
  });
});

describe('safePost', () => {
  it('refuses a name that resolves to 127.0.0.1 in production, and sends nothing', async () => {
    const target = await receiver({});
    const https = `https://localhost:${target.port}/hooks`;
    expect(await safePost(https, body, {}, { production: true })).toEqual({
      status: null,
      error: 'refused: the host resolves to a private or reserved address',
    });
    expect(await safePost(target.url, body, {}, { production: true })).toEqual({
      status: null,
      error: 'refused: http: URLs are not allowed',
    });
    expect(target.received).toHaveLength(0);
  });

  it('refuses a name when any one of its addresses is private', async () => {
    const resolve = () =>
      Promise.resolve<LookupAddress[]>([
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ]);
    const result = await safePost(
      'https://hooks.example.com/x',
      body,
      {},
      {
        production: true,
        resolve,
      },
    );
    expect(result.error).toMatch(/^refused/);
  });

  it('does not follow a redirect: a 302 is a failed attempt, and its target gets nothing', async () => {
    const elsewhere = await receiver({});
    const redirecting = await receiver({
      answer: (res) => res.writeHead(302, { location: elsewhere.url }).end(),
    });
    const result = await safePost(redirecting.url, body, {}, { production: false });
    expect(result).toEqual({ status: 302, error: 'redirect not followed' });
    expect(redirecting.received).toHaveLength(1);
    expect(elsewhere.received).toHaveLength(0);
  });

  it('connects to the address it checked, never looking the name up a second time', async () => {
    const target = await receiver({});
    const answers: LookupAddress[][] = [
      [{ address: '127.0.0.1', family: 4 }],
      [{ address: '10.0.0.5', family: 4 }],
    ];
    const asked: string[] = [];
    const resolve = (hostname: string) => {
      asked.push(hostname);
      return Promise.resolve(answers.shift() ?? []);
    };
    const url = `http://rebinding.test:${target.port}/hooks`;
    const result = await safePost(
      url,
      body,
      { 'content-type': 'application/json' },
      {
        production: false,
        resolve,
      },
    );
    expect(result).toEqual({ status: 200, error: null });
    expect(asked).toEqual(['rebinding.test']);
    expect(target.received).toHaveLength(1);
    expect(target.received[0]!.headers.host).toBe(`rebinding.test:${target.port}`);
    expect(target.received[0]!.body).toBe(body);
  });

  it('reports a receiver’s error status and a refused connection', async () => {
    const failing = await receiver({ statuses: [503] });
    expect(await safePost(failing.url, body, {}, { production: false })).toEqual({
      status: 503,
      error: 'HTTP 503',
    });
    const closed = await receiver({});
    await closed.close();
    receivers.pop();
    const result = await safePost(closed.url, body, {}, { production: false });
    expect(result.status).toBeNull();
    expect(result.error).toMatch(/ECONNREFUSED/);
  });
});
