import { request } from 'node:https';
import { rootCertificates } from 'node:tls';
import { ProviderError } from '../outpainter';

export interface OutputFetchOptions {
  /** Hosts we download from: exact names, or `*.example.com` for its subdomains. */
  hosts: readonly string[];
  maxBytes: number;
  timeoutMs: number;
  /** A PEM certificate trusted besides the system's roots (REPLICATE_CA_FILE). */
  ca: string | null;
}

const MAX_REDIRECTS = 3;

export function isAllowedHost(hostname: string, hosts: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return hosts.some((allowed) =>
    allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed,
  );
}

function rejected(message: string, cause?: unknown): ProviderError {
  return new ProviderError('output-rejected', message, { cause });
}

/**
 * Downloads a model's output: https only, from an allowed host, following at most three
 * redirects and only on the same host, within a byte cap and a time limit. No credentials are
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
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'GET',
        signal,
        headers: { accept: 'image/png, image/jpeg, image/webp' },
        ...(options.ca ? { ca: [...rootCertificates, options.ca] } : {}),
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
        signal.aborted && !isOurDeadline(signal)
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
