import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The rules that lint each fixture breaks, with the project's own eslint.config.mjs. The
 * fixtures are ignored by `npm run lint` and are in no tsconfig, so type-aware rules are off
 * here; the layering rules do not need types.
 */
async function rulesBrokenBy(fixture: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: root,
    ignore: false,
    overrideConfig: tseslint.configs.disableTypeChecked,
  });
  const [result] = await eslint.lintFiles([fixture]);
  return (result?.messages ?? []).map((message) => message.ruleId ?? 'parse error');
}

describe('the layering rules of eslint.config.mjs', () => {
  it('refuse a route that uses the repo of another domain, not its own', async () => {
    expect(
      await rulesBrokenBy('apps/server/test/lint-fixtures/resizer/uploads/cross-domain.routes.ts'),
    ).toEqual(['no-restricted-imports']);
    expect(
      await rulesBrokenBy('apps/server/test/lint-fixtures/resizer/uploads/own-domain.routes.ts'),
    ).toEqual([]);
  });

  it('refuse a repo that imports anything but db and table types', async () => {
    expect(
      await rulesBrokenBy('apps/server/test/lint-fixtures/resizer/uploads/with-rules.repo.ts'),
    ).toEqual(['no-restricted-imports']);
  });

  it('refuse an adapter that imports a domain module', async () => {
    expect(
      await rulesBrokenBy('apps/server/test/lint-fixtures/adapters/storage/domain-import.ts'),
    ).toEqual(['no-restricted-imports']);
  });

  it('refuse an adapter that names a domain table, even as a type', async () => {
    expect(
      await rulesBrokenBy('apps/server/test/lint-fixtures/adapters/payments/domain-table.ts'),
    ).toEqual(['no-restricted-imports']);
  });

  it('refuse a platform module that imports a domain module', async () => {
    expect(
      await rulesBrokenBy('apps/server/test/lint-fixtures/platform/http/domain-import.ts'),
    ).toEqual(['no-restricted-imports']);
  });

  it('refuse credits calling another domain', async () => {
    expect(await rulesBrokenBy('apps/server/test/lint-fixtures/credits/domain-import.ts')).toEqual([
      'no-restricted-imports',
    ]);
  });

  it('refuse a Node global in browser code', async () => {
    expect(await rulesBrokenBy('apps/web/lint-fixtures/uses-node.ts')).toEqual([
      'no-restricted-globals',
    ]);
  });
});
