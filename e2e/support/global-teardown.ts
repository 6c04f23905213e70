import { rm } from 'node:fs/promises';

/** Removes the temporary data folder the e2e server used. */
export default async function globalTeardown(): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
