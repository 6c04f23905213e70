/**
 * The server's layers (README, "Layout"): platform < adapters < domains < main.ts, compose.ts,
 * app.ts.
 * `npm run depcruise` fails on an import that runs back up a layer, or on any cycle.
 */
const SRC = '^apps/server/src/';
const PLATFORM = `${SRC}platform/`;
const ADAPTERS = `${SRC}adapters/`;
const ROOT = `${SRC}(?:main|compose|app)\\.ts$`;
const TEST = '\\.test\\.ts$';
/**
 * The domains, lowest first: a domain calls those below it, and hears from those above it only
 * through what app.ts hands it (auth's account callbacks, billing's team port).
 */
const DOMAINS = [
  'credits',
  'mail',
  'auth',
  'billing',
  'team',
  'account',
  'resizer',
  'api',
  'health',
  'site',
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No module reaches itself again through its imports.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'platform-imports-only-platform',
      comment: 'http, config, db, jobs and the clock know no adapter and no domain.',
      severity: 'error',
      from: { path: PLATFORM },
      to: { path: SRC, pathNot: PLATFORM },
    },
    {
      name: 'adapter-imports-no-domain',
      comment: 'An adapter implements its own port over the platform; the domains use it.',
      severity: 'error',
      from: { path: ADAPTERS },
      to: { path: SRC, pathNot: `${PLATFORM}|${ADAPTERS}` },
    },
    // Each domain imports only the domains below it (a test may read across them).
    ...DOMAINS.slice(0, -1).map((domain, index) => ({
      name: `${domain}-imports-no-higher-domain`,
      comment: `Below ${domain}: ${DOMAINS.slice(0, index).join(', ') || 'no domain'}.`,
      severity: 'error',
      from: { path: `${SRC}${domain}/`, pathNot: TEST },
      to: { path: `${SRC}(?:${DOMAINS.slice(index + 1).join('|')})/` },
    })),
    {
      name: 'only-the-root-wires',
      comment: 'main.ts, compose.ts and app.ts compose everything; nothing else imports them.',
      severity: 'error',
      from: { path: SRC, pathNot: ROOT },
      to: { path: ROOT },
    },
    {
      name: 'cross-domain-repo-import',
      comment:
        "Counted, not refused (yet): a domain that imports another domain's repo reads its " +
        'tables; it should ask that domain instead.',
      severity: 'warn',
      from: { path: `${SRC}([^/]+)/`, pathNot: TEST },
      to: { path: `${SRC}[^/]+/.*\\.repo\\.ts$`, pathNot: `${SRC}$1/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    // Type-only imports count: a layer that names a higher layer's type depends on it too.
    tsPreCompilationDeps: true,
  },
};
