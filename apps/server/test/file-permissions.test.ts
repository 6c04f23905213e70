import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db/database';
import { runMigrations } from '../src/platform/db/migrate';
import { signUpVerified } from './helpers/accounts';
import { createTestApp, type TestApp } from './helpers/test-app';
import { photo } from './resizer/images';
import { upload } from './resizer/resizer-client';

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('files the server creates are readable by its own user only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates stored files 0600 in folders 0700', async () => {
    const { client } = await signUpVerified(t);
    await upload(t, client, await photo('coffee.png', 32));
    const root = t.config.resizer.storage.dir;
    const entries = readdirSync(root, { recursive: true, withFileTypes: true });
    const files = entries.filter((entry) => entry.isFile());
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(modeOf(join(file.parentPath, file.name))).toBe(0o600);
    const folders = entries.filter((entry) => entry.isDirectory());
    for (const folder of [root, ...folders.map((f) => join(f.parentPath, f.name))]) {
      expect(modeOf(folder), folder).toBe(0o700);
    }
  });

  it('creates the SQLite database file 0600 in a folder 0700', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'reframe-db-'));
    const file = join(parent, 'data', 'reframe.db');
    const database = openDatabase({ kind: 'sqlite', file });
    await runMigrations(database);
    await database.destroy();
    expect(modeOf(join(parent, 'data'))).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
    rmSync(parent, { recursive: true, force: true });
  });
});
