import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

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
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['packages/shared/**'],
    rules: restrict(['@reframe/engine*', '@reframe/server*', '@reframe/web*', 'react', 'node:*']),
  },
  {
    files: ['packages/engine/**'],
    rules: restrict(['@reframe/*', 'react']),
  },
  {
    // Composition roots and their tests may use the shared canvas rules.
    files: [
      'packages/engine/src/cli.ts',
      'packages/engine/bench/**',
      'packages/engine/src/**/*.test.ts',
    ],
    rules: restrict(['@reframe/engine*', '@reframe/server*', '@reframe/web*', 'react']),
  },
  {
    files: ['apps/server/**'],
    rules: restrict(['@reframe/web*', 'react']),
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
);
