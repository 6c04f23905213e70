import { useCallback, useSyncExternalStore } from 'react';

function subscribeToScroll(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/**
 * True once the window has scrolled more than `threshold` pixels. The prerendered landing page
 * is drawn at the top (false); hydration starts from that and then follows the real scroll.
 */
export function useScrolledPast(threshold: number): boolean {
  const scrolledPast = useCallback(() => window.scrollY > threshold, [threshold]);
  return useSyncExternalStore(subscribeToScroll, scrolledPast, () => false);
}
