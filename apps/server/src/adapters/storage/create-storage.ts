import type { ResizerConfig } from '../../platform/config/resizer-config';
import { createDiskStorage } from './disk-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

/** The configured storage; main.ts calls this once. */
export function createStorage(config: ResizerConfig['storage']): Storage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(config.dir);
}
