import { describe, expect, it } from 'vitest';
import { fetchOutput, isAllowedHost } from './output-fetch';

const options = {
  hosts: ['replicate.delivery', '*.replicate.delivery'],
  maxBytes: 1000,
  timeoutMs: 1000,
  ca: null,
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
