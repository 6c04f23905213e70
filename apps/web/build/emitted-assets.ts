import { basename } from 'node:path';
import type { Rollup } from 'vite';

/** The build's output names of its assets, by the base name of their source file. */
export function emittedAssets(bundle: Rollup.OutputBundle): Map<string, string> {
  const emitted = new Map<string, string>();
  for (const output of Object.values(bundle)) {
    if (output.type !== 'asset') continue;
    for (const original of output.originalFileNames) {
      emitted.set(basename(original), output.fileName);
    }
  }
  return emitted;
}
