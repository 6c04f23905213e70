import { rm } from 'node:fs/promises';

/** Removes the temporary data folders the e2e servers used. */
export default async function globalTeardown(): Promise<void> {
  for (const dataDir of [
    process.env.E2E_DATA_DIR,
    process.env.E2E_REPLICATE_DATA_DIR,
    process.env.E2E_MODELS_DATA_DIR,
  ]) {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}
