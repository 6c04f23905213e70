import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

// The server's layers (README, "Layout"): platform/ < adapters/ < the domains < main.ts,
// compose.ts, app.ts.
// The domains' folders, the resizer's slices among them; platform/ and adapters/ are not domains.
const SERVER_BASE = [
  { group: ['@reframe/web*', 'react'], message: 'The server imports no web code.' },
];
const DOMAINS =
  'account|api|auth|billing|callables|credits|files|health|history|mail|predictions|resizer|runs|site|team|uploads';
const OTHER_DOMAINS = DOMAINS.split('|')
  .filter((name) => name !== 'credits')
  .join('|');

// The engine's layers, bottom up: errors; codecs/ (the only sharp code) and fill/; pipelines/;
// worker/, cli.ts and index.ts.
const ENGINE_BASE = [
  { group: ['@reframe/*', 'react'], message: 'The engine imports nothing of ours.' },
];
const NO_SHARP = {
  group: ['sharp'],
  message: 'sharp is used only in packages/engine/src/codecs/.',
};
const BELOW_PIPELINES = {
  regex: '^\\.\\./(?:pipelines|worker)/|^\\.\\./(?:cli|index)$',
  message: 'codecs/ and fill/ sit below the pipelines: they import no pipeline, worker or CLI.',
};
const BELOW_WORKER = {
  regex: '^\\.\\./(?:worker)/|^\\.\\./(?:cli|index)$',
  message: 'A pipeline imports codecs/, fill/ and canvas.ts, never the worker or the CLI.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench-output/**',
      '.tmp/**',
      // Files that break the layering rules on purpose; test/lint-rules.test.ts lints them.
      '**/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['packages/shared/**'],
    rules: restrict(['@reframe/engine*', '@reframe/server*', '@reframe/web*', 'react', 'node:*']),
  },
  {
    files: ['packages/engine/**'],
    rules: restrict(ENGINE_BASE),
  },
  {
    files: ['packages/engine/src/codecs/**'],
    rules: restrict([...ENGINE_BASE, BELOW_PIPELINES]),
  },
  {
    files: ['packages/engine/src/fill/**'],
    rules: restrict([...ENGINE_BASE, NO_SHARP, BELOW_PIPELINES]),
  },
  {
    files: ['packages/engine/src/pipelines/**'],
    rules: restrict([...ENGINE_BASE, NO_SHARP, BELOW_WORKER]),
  },
  {
    files: ['packages/engine/src/worker/**'],
    rules: restrict([...ENGINE_BASE, NO_SHARP]),
  },
  {
    // Composition roots and their tests may use the shared canvas rules.
    files: [
      'packages/engine/src/cli.ts',
      'packages/engine/bench/**',
      'packages/engine/src/**/*.test.ts',
      'packages/engine/test/**',
    ],
    rules: restrict(['@reframe/engine*', '@reframe/server*', '@reframe/web*', 'react']),
  },
  {
    files: ['apps/server/**'],
    rules: restrict(SERVER_BASE),
  },
  {
    files: ['apps/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(['@reframe/engine*', '@reframe/server*', 'node:*']),
    },
  },
  {
    // The web app's build tooling runs in Node, not in the browser.
    files: ['apps/web/vite.config.ts', 'apps/web/build/**'],
    languageOptions: { globals: { ...globals.node } },
    rules: restrict(['@reframe/engine*', '@reframe/server*']),
  },
  {
    // The platform (http, config, db, jobs, clock) is the lowest layer: it knows no adapter, no
    // domain and not the composition root.
    files: ['apps/server/**/platform/**'],
    rules: restrict([
      ...SERVER_BASE,
      {
        regex: `^(?:\\.\\./)+(?:adapters|${DOMAINS})(?:/|$)|^(?:\\.\\./)+(?:main|compose|app)$`,
        message: 'The platform imports only the platform.',
      },
    ]),
  },
  {
    // Every domain may spend and refund credits, so credits calls none of them.
    files: ['apps/server/**/credits/**'],
    rules: restrict([
      ...SERVER_BASE,
      {
        regex: `^(?:\\.\\./)+(?:${OTHER_DOMAINS})/`,
        message: 'Credits imports no other domain.',
      },
    ]),
  },
  {
    // Layering, one rule per role (ARCHITECTURE.md). A route calls its own domain's service.
    files: ['apps/server/**/*.routes.ts'],
    rules: restrict([
      ...SERVER_BASE,
      {
        regex: `^\\.\\./(?:.*/)?(?:${DOMAINS})/[^/]+\\.repo$`,
        message: "A route does not use the repo of another domain: call that domain's service.",
      },
    ]),
  },
  {
    // A repo is queries only: it imports the database and table types, nothing with rules.
    files: ['apps/server/**/*.repo.ts'],
    rules: restrict([
      ...SERVER_BASE,
      {
        regex: '^\\.{1,2}/(?!(?:\\.\\./)*(?:platform/)?db/)(?!.*\\.tables$)',
        message: 'A repo imports only db/ and table types.',
      },
      { group: ['@reframe/*'], message: 'A repo imports only db/ and table types.' },
    ]),
  },
  {
    // An adapter implements its own port, types and tables included; the domains use it, never
    // the other way round.
    files: ['apps/server/**/adapters/**'],
    rules: restrict([
      ...SERVER_BASE,
      {
        regex: `^(?:\\.\\./)+(?:${DOMAINS})/`,
        message: 'An adapter imports no domain module, not even a type or a table.',
      },
    ]),
  },
  {
    // Node's globals reach the browser program through library types (jszip's); refuse them here.
    files: ['apps/web/**'],
    ignores: ['apps/web/vite.config.ts', 'apps/web/build/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['process', 'Buffer', 'global', '__dirname', '__filename', 'require'].map((name) => ({
          name,
          message: 'Browser code has no Node globals.',
        })),
      ],
    },
  },
);
