import { lookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_TIMEOUT_SECONDS } from '@reframe/shared';
import { isAllowedAddress } from './address-policy';

/** A receiver that has not answered in this long has failed the attempt. */
export const WEBHOOK_TIMEOUT_MS = WEBHOOK_TIMEOUT_SECONDS * 1000;
/** The error of an attempt the receiver did not answer in time. */
export const TIMED_OUT = 'timed out';
/** Of a receiver's answer only this much is read; it is never used beyond its status. */
const MAX_RESPONSE_BYTES = 16 * 1024;

export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

const resolveAll: Resolve = (hostname) => lookup(hostname, { all: true, verbatim: true });

export interface SafePostOptions {
  /** Refuses loopback too, and plain http. */
  production: boolean;
  /** dns.lookup of every address by default; tests answer for a name of their own. */
  resolve?: Resolve;
  signal?: AbortSignal;
  /** WEBHOOK_TIMEOUT_MS by default. */
  timeoutMs?: number;
}

/** What came back: a status, or why there is none (the reason names no secret). */
export type SafePostResult =
  { status: number; error: null } | { status: number | null; error: string };

/**
 * POSTs `body` to a webhook URL without letting the URL reach what it should not: the name is
 * resolved once, every address it has is checked (issue 30's SSRF rules), and the connection goes
 * to the address that was checked (a second lookup, e.g. a DNS rebinding answer, is never made),
 * with the name as Host and TLS server name. Redirects are not followed: a 3xx is a failure.
 */
export async function safePost(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: SafePostOptions,
): Promise<SafePostResult> {
  const target = new URL(url);
  const allowedProtocols = options.production ? ['https:'] : ['https:', 'http:'];
  if (!allowedProtocols.includes(target.protocol)) {
    return { status: null, error: `refused: ${target.protocol} URLs are not allowed` };
  }
  const hostname = target.hostname.replace(/^\[|\]$/g, '');
  let addresses: LookupAddress[];
  try {
    addresses = await (options.resolve ?? resolveAll)(hostname);
  } catch (error) {
    return { status: null, error: `DNS lookup failed: ${(error as Error).message}` };
  }
  const refused = addresses.find((entry) => !isAllowedAddress(entry.address, options.production));
  if (addresses.length === 0 || refused) {
    return { status: null, error: 'refused: the host resolves to a private or reserved address' };
  }
  return post(target, body, headers, addresses[0]!, options);
}

/** A lookup that answers with the address already checked, whatever it is asked. */
function pinnedLookup(pinned: LookupAddress): LookupFunction {
  return (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

function post(
  target: URL,
  body: string,
  headers: Record<string, string>,
  address: LookupAddress,
  { signal, timeoutMs = WEBHOOK_TIMEOUT_MS }: SafePostOptions,
): Promise<SafePostResult> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(address),
        agent: false,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) response.destroy();
        });
        const settle = () => resolve(resultOf(status));
        response.once('end', settle);
        response.once('close', settle);
        response.once('error', settle);
      },
    );
    request.once('error', (error) => {
      resolve({ status: null, error: timeout.aborted ? TIMED_OUT : error.message });
    });
    request.end(body);
  });
}

function resultOf(status: number): SafePostResult {
  if (status >= 200 && status < 300) return { status, error: null };
  if (status >= 300 && status < 400) return { status, error: 'redirect not followed' };
  return { status, error: `HTTP ${status}` };
}
