import { useEffect, type RefObject } from 'react';

/** Escape closes the open menu and gives focus back to its toggle. */
export function useCloseOnEscape(
  open: boolean,
  close: () => void,
  toggle: RefObject<HTMLButtonElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, close, toggle]);
}
