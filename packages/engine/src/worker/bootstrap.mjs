// Worker threads start from this plain ES module: on Node 20 a worker's entry file is loaded
// before `--import` hooks apply, so it registers tsx itself and then loads the TypeScript entry.
// This works the same under `node --import tsx`, under vitest, and from a plain `node` process.
import { register } from 'tsx/esm/api';

register();
await import('./entry.ts');
