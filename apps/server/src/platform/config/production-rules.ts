/**
 * What a production start requires (NODE_ENV=production), beyond each variable's own format:
 * an auth secret, an https public URL, real mail, no dev routes, output hosts that are named
 * domains, and an https S3 endpoint. Payments' requirement lives
 * with the payments piece (payments-config.ts). env.ts reports each problem
 * under the variable's name and the server does not start.
 */
export interface ProductionEnv {
  NODE_ENV: string;
  APP_URL?: string | undefined;
  AUTH_SECRET?: string | undefined;
  SMTP_URL?: string | undefined;
  DEV_ROUTES?: 'true' | 'false' | undefined;
  REPLICATE_OUTPUT_HOSTS?: string | undefined;
  S3_ENDPOINT?: string | undefined;
}

/**
 * An output host entry production refuses: a wildcard over a whole top-level domain (`*.com`),
 * or an IPv4 address in any spelling URL parsing accepts (`127.0.0.1`, `2130706433`,
 * `0x7f000001`), whose last label is a number. IPv6 never passes the variable's format.
 */
function isUnsafeOutputHost(entry: string): boolean {
  const host = entry.startsWith('*.') ? entry.slice(2) : entry;
  if (entry.startsWith('*.') && !host.includes('.')) return true;
  const lastLabel = host.split('.').at(-1) ?? '';
  return /^(0x[0-9a-f]*|\d+)$/i.test(lastLabel);
}

export function productionProblems(env: ProductionEnv): { path: string; message: string }[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: { path: string; message: string }[] = [];
  if (!env.AUTH_SECRET) {
    problems.push({
      path: 'AUTH_SECRET',
      message:
        'is required when NODE_ENV=production (at least 32 characters); generate one with: openssl rand -base64 32',
    });
  }
  if (!env.APP_URL?.startsWith('https://')) {
    problems.push({
      path: 'APP_URL',
      message:
        'must be the public https URL of the site when NODE_ENV=production, e.g. APP_URL=https://reframe.example.com',
    });
  }
  if (!env.SMTP_URL) {
    problems.push({
      path: 'SMTP_URL',
      message:
        'is required when NODE_ENV=production (without it no verification or reset mail is sent), e.g. SMTP_URL=smtp://user:pass@smtp.example.com:587',
    });
  }
  if (env.DEV_ROUTES === 'true') {
    problems.push({
      path: 'DEV_ROUTES',
      message: 'must not be true when NODE_ENV=production (the dev mailbox and billing clock)',
    });
  }
  const unsafeHosts = (env.REPLICATE_OUTPUT_HOSTS ?? '').split(',').filter(isUnsafeOutputHost);
  if (unsafeHosts.length > 0) {
    problems.push({
      path: 'REPLICATE_OUTPUT_HOSTS',
      message: `must name hosts, not IP addresses or a wildcard over a whole top-level domain, when NODE_ENV=production (refused: ${unsafeHosts.join(', ')}), e.g. REPLICATE_OUTPUT_HOSTS=replicate.delivery,*.replicate.delivery`,
    });
  }
  if (env.S3_ENDPOINT?.startsWith('http://')) {
    problems.push({
      path: 'S3_ENDPOINT',
      message:
        'must be an https URL when NODE_ENV=production (the stored files and signed requests travel over it)',
    });
  }
  return problems;
}

/** Loopback hosts: APP_URL on one of them means the site is only reachable from this machine. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * The dev mailbox and billing clock: DEV_ROUTES when set; otherwise on only outside production
 * with APP_URL on this machine (so `npm start` with no settings has them, a public host does not).
 */
export function devRoutesEnabled(env: ProductionEnv, appUrl: URL): boolean {
  if (env.DEV_ROUTES !== undefined) return env.DEV_ROUTES === 'true';
  return env.NODE_ENV !== 'production' && isLoopbackHost(appUrl.hostname);
}

/**
 * Webhooks may reach this machine (loopback addresses, plain http) only outside production and
 * while APP_URL is itself on loopback: a developer's machine or the tests, never a public host.
 */
export function localWebhooksAllowed(nodeEnv: string, appUrl: URL): boolean {
  return nodeEnv !== 'production' && isLoopbackHost(appUrl.hostname);
}

/**
 * Passwords are hashed at the tests' low cost (auth/password-hashing.ts) only under NODE_ENV=test
 * with APP_URL on loopback: the tests' own servers. Anything else, a public host above all, hashes
 * at OWASP's.
 */
export function passwordCost(nodeEnv: string, appUrl: URL): 'owasp' | 'test' {
  return nodeEnv === 'test' && isLoopbackHost(appUrl.hostname) ? 'test' : 'owasp';
}
