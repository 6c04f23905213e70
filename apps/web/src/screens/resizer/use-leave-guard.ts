import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { copy } from '@reframe/shared';
import type { ConfirmDialogProps } from '../../components/ConfirmDialog';
import { useConfirm } from '../../components/use-confirm';

/**
 * While `active`, leaving the screen asks first: a link in the app (the router's blocker and the
 * app's dialog, whose props this returns) and closing or reloading the tab (the browser's own
 * prompt).
 */
export function useLeaveGuard(active: boolean): ConfirmDialogProps {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active && currentLocation.pathname !== nextLocation.pathname,
  );
  const { confirm, dialogProps } = useConfirm();
  // The blocker is a new object on each render while blocked: ask once per blocked navigation.
  const asking = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirm(copy.confirmDialogs.leaveRun).then((leave) => {
      asking.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker, confirm]);

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);

  return dialogProps;
}
