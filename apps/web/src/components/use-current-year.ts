import { useSyncExternalStore } from 'react';

/** The year of the build (vite.config.ts), which is what the prerendered landing page shows. */
declare const __BUILD_YEAR__: number;

const neverChanges = () => () => {};
const currentYear = () => new Date().getFullYear();
const buildYear = () => __BUILD_YEAR__;

/**
 * This year, for the copyright line. Hydration starts from the build's year, the one in the
 * prerendered HTML, so a page built last year still hydrates cleanly and then shows this year.
 */
export function useCurrentYear(): number {
  return useSyncExternalStore(neverChanges, currentYear, buildYear);
}
