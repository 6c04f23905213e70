import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * While `active`, leaving the screen asks first: a link in the app (the router's blocker and
 * the browser's confirm) and closing or reloading the tab (the browser's own prompt).
 */
export function useLeaveGuard(active: boolean, question: string) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(question)) blocker.proceed();
    else blocker.reset();
  }, [blocker, question]);

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
}
