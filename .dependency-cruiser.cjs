/**
 * The server's layers (README, "Layout"): platform < adapters < domains < main.ts, compose.ts,
 * app.ts.
 * `npm run depcruise` fails on an import that runs back up a layer, or on any cycle.
 */
const SRC = '^apps/server/src/';
const PLATFORM = `${SRC}platform/`;
const ADAPTERS = `${SRC}adapters/`;
const ROOT = `${SRC}(?:main|compose|app)\\.ts$`;

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
    {
      name: 'credits-imports-no-other-domain',
      comment: 'Every domain may spend and refund credits; credits calls none of them.',
      severity: 'error',
      from: { path: `${SRC}credits/` },
      to: { path: SRC, pathNot: `${PLATFORM}|${ADAPTERS}|${SRC}credits/` },
    },
    {
      name: 'only-the-root-wires',
      comment: 'main.ts, compose.ts and app.ts compose everything; nothing else imports them.',
      severity: 'error',
      from: { path: SRC, pathNot: ROOT },
      to: { path: ROOT },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    // Type-only imports count: a layer that names a higher layer's type depends on it too.
    tsPreCompilationDeps: true,
  },
};
