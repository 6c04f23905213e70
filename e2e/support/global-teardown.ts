import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';

/** Removes the temporary data folders the e2e servers used, and the PostgreSQL server's database. */
export default async function globalTeardown(): Promise<void> {
  for (const dataDir of [
    process.env.E2E_DATA_DIR,
    process.env.E2E_REPLICATE_DATA_DIR,
    process.env.E2E_MODELS_DATA_DIR,
    process.env.E2E_PG_DATA_DIR,
  ]) {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
  const database = process.env.E2E_PG_DATABASE;
  if (database) {
    // --force: the server may still hold connections while Playwright stops it.
    execFileSync(
      'dropdb',
      ['-h', '127.0.0.1', '-U', 'postgres', '--if-exists', '--force', database],
      {
        stdio: 'inherit',
      },
    );
  }
}
