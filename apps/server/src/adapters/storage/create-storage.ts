import type { ResizerConfig } from '../../jobs/resizer-config';
import { createDiskStorage } from './disk-storage';
import type { Storage } from './storage';

/** The configured storage; main.ts calls this once. */
export function createStorage(config: ResizerConfig['storage']): Storage {
  switch (config.driver) {
    case 'disk':
      return createDiskStorage(config.dir);
  }
}
