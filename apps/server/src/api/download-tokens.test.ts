import { describe, expect, it } from 'vitest';
import { signDownload, verifyDownload } from './download-tokens';

const SECRET = 's'.repeat(40);
const grant = { predictionId: '6f1c2a4e-0d3b-4c55-9a8e-2f7b1d9c3e10', format: 'webp' as const };

describe('signed download links', () => {
  const now = new Date('2026-11-27T08:00:00Z');
  const expiresAt = Math.floor(now.getTime() / 1000) + 3600;

  it('grant their output and format until they expire, in one short path segment', () => {
    const token = signDownload(SECRET, { ...grant, expiresAt });
    expect(token.length).toBeLessThanOrEqual(100);
    expect(token).toMatch(/^[\w.-]+$/);
    expect(verifyDownload(SECRET, token, now)).toEqual({ ...grant, expiresAt });
    expect(verifyDownload(SECRET, token, new Date((expiresAt + 1) * 1000))).toBeNull();
  });

  it('refuse another secret, a changed format or expiry, and a cut signature', () => {
    const token = signDownload(SECRET, { ...grant, expiresAt });
    expect(verifyDownload('t'.repeat(40), token, now)).toBeNull();
    expect(verifyDownload(SECRET, token.replace('.webp.', '.png.'), now)).toBeNull();
    const later = (expiresAt + 86_400).toString(36);
    expect(verifyDownload(SECRET, token.replace(expiresAt.toString(36), later), now)).toBeNull();
    expect(verifyDownload(SECRET, token.slice(0, -1), now)).toBeNull();
    expect(verifyDownload(SECRET, 'garbage', now)).toBeNull();
  });
});
