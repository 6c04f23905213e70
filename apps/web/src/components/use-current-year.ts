import { useSyncExternalStore } from 'react';

/** The year of the build (vite.config.ts), which is what the prerendered landing page shows. */
declare const __BUILD_YEAR__: number;

const neverChanges = () => () => {};
const currentYear = () => new Date().getFullYear();
const buildYear = () => __BUILD_YEAR__;

/**
 * This year, for the copyright line; the build's year where nothing runs in a browser (the
 * prerendered landing page).
 */
export function useCurrentYear(): number {
  return useSyncExternalStore(neverChanges, currentYear, buildYear);
}
