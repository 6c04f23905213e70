import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { fetchOutput, isAllowedHost, isPublicAddress } from './output-fetch';

const options = {
  hosts: ['replicate.delivery', '*.replicate.delivery'],
  maxBytes: 1000,
  timeoutMs: 1000,
  ca: null,
  allowPrivateAddresses: false,
};

describe('the output allowlist', () => {
  it('matches exact hosts and the subdomains of a wildcard, nothing else', () => {
    expect(isAllowedHost('replicate.delivery', options.hosts)).toBe(true);
    expect(isAllowedHost('pbxt.replicate.delivery', options.hosts)).toBe(true);
    expect(isAllowedHost('evilreplicate.delivery', options.hosts)).toBe(false);
    expect(isAllowedHost('replicate.delivery.evil.com', options.hosts)).toBe(false);
  });

  it.each([
    ['http://replicate.delivery/a.png', 'not served over https'],
    ['https://169.254.169.254/latest/meta-data', 'not on the allowlist'],
    ['https://user:pw@replicate.delivery/a.png', 'carries credentials'],
    ['data:image/png;base64,AAAA', 'not served over https'],
  ])('refuses %s before connecting', async (url, reason) => {
    await expect(fetchOutput(url, options, new AbortController().signal)).rejects.toMatchObject({
      failure: 'output-rejected',
      message: expect.stringContaining(reason) as string,
    });
  });
});

const tlsDir = new URL('../../../../test/helpers/fake-replicate-tls/', import.meta.url);
const tls = {
  cert: readFileSync(new URL('cert.pem', tlsDir), 'utf8'),
  key: readFileSync(new URL('key.pem', tlsDir), 'utf8'),
};

/** An https server on 127.0.0.1 that answers every request with `answer`. */
async function serve(answer: (response: ServerResponse) => void): Promise<Server> {
  const server = createServer(tls, (_request, response) => answer(response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const portOf = (server: Server) => (server.address() as AddressInfo).port;

describe('the output redirects', () => {
  const servers: Server[] = [];
  afterAll(() => Promise.all(servers.map((server) => new Promise((r) => server.close(r)))));

  it('are refused when they change the port, even on the same host', async () => {
    const other = await serve((response) => response.end('not an image'));
    const redirecting = await serve((response) =>
      response.writeHead(302, { location: `https://127.0.0.1:${portOf(other)}/x.png` }).end(),
    );
    servers.push(other, redirecting);
    const local = { ...options, hosts: ['127.0.0.1'], ca: tls.cert, allowPrivateAddresses: true };

    await expect(
      fetchOutput(
        `https://127.0.0.1:${portOf(redirecting)}/a.png`,
        local,
        new AbortController().signal,
      ),
    ).rejects.toMatchObject({
      failure: 'output-rejected',
      message: expect.stringContaining('redirects to another scheme or port') as string,
    });
  });

  it('are followed on the same scheme, host and port', async () => {
    const server = await serve((response) => {
      if (response.req.url === '/a.png') response.writeHead(302, { location: '/b.png' }).end();
      else response.writeHead(200, { 'content-type': 'image/png' }).end('PNG!');
    });
    servers.push(server);
    const local = { ...options, hosts: ['127.0.0.1'], ca: tls.cert, allowPrivateAddresses: true };

    const bytes = await fetchOutput(
      `https://127.0.0.1:${portOf(server)}/a.png`,
      local,
      new AbortController().signal,
    );

    expect(Buffer.from(bytes).toString()).toBe('PNG!');
  });
});

describe('the address an output host resolves to, in production', () => {
  it.each([
    ['localhost', 'https://localhost/a.png'],
    ['127.0.0.1', 'https://127.0.0.1/a.png'],
    ['169.254.169.254', 'https://169.254.169.254/latest/meta-data'],
  ])('is refused when private, loopback or link-local (%s)', async (host, url) => {
    const production = { ...options, hosts: [host], allowPrivateAddresses: false };
    await expect(fetchOutput(url, production, new AbortController().signal)).rejects.toMatchObject({
      failure: 'output-rejected',
      message: expect.stringContaining('private, loopback or link-local address') as string,
    });
  });

  it.each([
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '100.64.0.1',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '0.0.0.0',
  ])('counts %s as not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '151.101.1.1', '2606:4700::1111'])('counts %s as public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});
