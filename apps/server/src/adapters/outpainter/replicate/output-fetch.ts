import { lookup, type LookupAddress } from 'node:dns';
import { request } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import { ProviderError } from '../outpainter';

export interface OutputFetchOptions {
  /** Hosts we download from: exact names, or `*.example.com` for its subdomains. */
  hosts: readonly string[];
  maxBytes: number;
  timeoutMs: number;
  /** A PEM certificate trusted besides the system's roots (REPLICATE_CA_FILE). */
  ca: string | null;
  /**
   * Outside production only: connect to private, loopback and link-local addresses (a local
   * fake of Replicate). In production the resolved address is checked before connecting.
   */
  allowPrivateAddresses: boolean;
}

const MAX_REDIRECTS = 3;

export function isAllowedHost(hostname: string, hosts: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return hosts.some((allowed) =>
    allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed,
  );
}

/** Addresses no model output is served from: this machine, private networks, link-local, etc. */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  // IPv4-mapped addresses (::ffff:a.b.c.d) are checked against the IPv4 rules above.
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv6');
}

/** False for loopback, private, link-local, shared, multicast and reserved addresses. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !notPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function notPublicError(hostname: string, address: string): ProviderError {
  return rejected(
    `The output host ${hostname} resolves to a private, loopback or link-local address (${address}).`,
  );
}

/**
 * Resolves the host, refuses it if any address is not public, and hands the checked addresses
 * to the socket, which connects to them: no second look-up can answer differently.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const bad = addresses.find((entry) => !isPublicAddress(entry.address));
    if (bad || addresses.length === 0) {
      return callback(notPublicError(hostname, bad?.address ?? 'none'), '', 0);
    }
    if (options.all) return (callback as (e: null, all: LookupAddress[]) => void)(null, addresses);
    const [first] = addresses as [LookupAddress];
    return callback(null, first.address, first.family);
  });
};

function rejected(message: string, cause?: unknown): ProviderError {
  return new ProviderError('output-rejected', message, { cause });
}

/**
 * Downloads a model's output: https only, from an allowed host, following at most three
 * redirects and only to the same scheme, host and port, within a byte cap and a time limit; in
 * production only from a public address (resolved, checked, then connected to). No credentials are
 * sent (the API token is for the API host alone). What comes back is checked again as an image
 * by the engine before it is decoded.
 */
export async function fetchOutput(
  address: string,
  options: OutputFetchOptions,
  signal: AbortSignal,
): Promise<Uint8Array> {
  let url = parseAllowed(address, options.hosts);
  const deadline = AbortSignal.any([signal, AbortSignal.timeout(options.timeoutMs)]);
  for (let redirects = 0; ; redirects++) {
    const answer = await download(url, options, deadline);
    if (answer.kind === 'body') return answer.bytes;
    if (redirects === MAX_REDIRECTS) throw rejected('The output redirects too many times.');
    const next = new URL(answer.location, url);
    if (next.hostname !== url.hostname) {
      throw rejected(`The output redirects to another host (${next.hostname}).`);
    }
    if (next.protocol !== url.protocol || next.port !== url.port) {
      throw rejected(`The output redirects to another scheme or port (${next.origin}).`);
    }
    url = parseAllowed(next.toString(), options.hosts);
  }
}

function parseAllowed(address: string, hosts: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch (error) {
    throw rejected('The output is not a URL.', error);
  }
  if (url.protocol !== 'https:') throw rejected('The output is not served over https.');
  if (url.username || url.password) throw rejected('The output URL carries credentials.');
  if (!isAllowedHost(url.hostname, hosts)) {
    throw rejected(`The output host ${url.hostname} is not on the allowlist.`);
  }
  return url;
}

type Answer = { kind: 'body'; bytes: Uint8Array } | { kind: 'redirect'; location: string };

function download(url: URL, options: OutputFetchOptions, signal: AbortSignal): Promise<Answer> {
  // A literal address is never looked up, so it is checked here.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivateAddresses && isIP(literal) !== 0 && !isPublicAddress(literal)) {
    return Promise.reject(notPublicError(url.hostname, literal));
  }
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'GET',
        signal,
        headers: { accept: 'image/png, image/jpeg, image/webp' },
        ...(options.ca ? { ca: [...rootCertificates, options.ca] } : {}),
        ...(options.allowPrivateAddresses ? {} : { lookup: publicOnlyLookup }),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ kind: 'redirect', location: res.headers.location });
        }
        if (status !== 200) {
          res.resume();
          return reject(rejected(`The output answered ${status}.`));
        }
        if (/^text\/html/i.test(res.headers['content-type'] ?? '')) {
          res.destroy();
          return reject(rejected('The output is an HTML page, not an image.'));
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > options.maxBytes) {
          res.destroy();
          return reject(
            rejected(`The output is ${declared} bytes; the cap is ${options.maxBytes}.`),
          );
        }
        const chunks: Buffer[] = [];
        let received = 0;
        res.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > options.maxBytes) {
            res.destroy();
            reject(rejected(`The output is larger than ${options.maxBytes} bytes.`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({ kind: 'body', bytes: new Uint8Array(Buffer.concat(chunks)) }),
        );
        res.on('error', (error) => reject(rejected('The output download failed.', error)));
      },
    );
    req.on('error', (error) =>
      reject(
        error instanceof ProviderError || (signal.aborted && !isOurDeadline(signal))
          ? error
          : rejected('The output could not be downloaded.', error),
      ),
    );
    req.end();
  });
}

function isOurDeadline(signal: AbortSignal): boolean {
  const reason: unknown = signal.reason;
  return reason instanceof DOMException && reason.name === 'TimeoutError';
}
