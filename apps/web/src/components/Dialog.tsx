import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

const focusable =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * Tab from the last control goes to the first, Shift+Tab from the first to the last: a modal
 * <dialog> makes the page inert, but Tab would still leave it for the browser's own controls.
 */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(focusable)];
  const [first, last] = [controls[0], controls.at(-1)];
  if (!first || !last) return;
  const edge = event.shiftKey ? first : last;
  if (document.activeElement !== edge && event.currentTarget.contains(document.activeElement)) {
    return;
  }
  event.preventDefault();
  (event.shiftKey ? last : first).focus();
}

/**
 * A modal built on the native <dialog>: focus is trapped, Escape closes it, and the page behind
 * is inert, without a library.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  wide = false,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** For a large picture (the full-size viewer): nearly the whole window. */
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      // Escape asks the owner to close, which closes the dialog through `open`: a native close
      // would report itself later, possibly after the next opening, and close that one.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={keepFocusInside}
      className={`m-auto w-[calc(100%-2rem)] ${wide ? 'max-w-6xl' : 'max-w-md'} rounded-2xl border border-slate-200 bg-white p-0 shadow-xl backdrop:bg-slate-900/50 backdrop:backdrop-blur-[2px]`}
    >
      {open && (
        <div className={wide ? 'p-4 sm:p-6' : 'p-6 sm:p-7'}>
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <div className="mt-3">{children}</div>
        </div>
      )}
    </dialog>
  );
}
