import { createHmac, timingSafeEqual } from 'node:crypto';
import { apiFormats, type ApiFormat } from '@reframe/shared';

/**
 * The signed download links of GET /v1/expansions/{id} (issue 30): which output, in which
 * format, until when, signed with HMAC-SHA256 under the auth secret. Anyone holding one may
 * download that one file until it expires; nothing else is reachable with it. The token is one
 * path segment, `{prediction id}.{format}.{expiry, base 36 seconds}.{signature}`, short enough
 * for the router's parameter limit.
 */
export interface DownloadGrant {
  predictionId: string;
  format: ApiFormat;
  /** Seconds since the epoch. */
  expiresAt: number;
}

/** 128 bits of the HMAC: as hard to forge as a random key of that size, and a shorter link. */
const SIGNATURE_BYTES = 16;

function sign(secret: string, payload: string): string {
  return createHmac('sha256', `api-download:${secret}`)
    .update(payload)
    .digest()
    .subarray(0, SIGNATURE_BYTES)
    .toString('base64url');
}

export function signDownload(secret: string, grant: DownloadGrant): string {
  const payload = `${grant.predictionId}.${grant.format}.${grant.expiresAt.toString(36)}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The grant of a token whose signature holds and that has not expired, else null. */
export function verifyDownload(secret: string, token: string, now: Date): DownloadGrant | null {
  const cut = token.lastIndexOf('.');
  if (cut < 0) return null;
  const payload = token.slice(0, cut);
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(token.slice(cut + 1));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [predictionId, format, expires] = payload.split('.');
  const expiresAt = parseInt(expires ?? '', 36);
  if (!predictionId || !Number.isInteger(expiresAt) || expiresAt * 1000 <= now.getTime()) {
    return null;
  }
  const known = apiFormats.find((name) => name === format);
  return known ? { predictionId, format: known, expiresAt } : null;
}
