import clsx from 'clsx';
import { Menu, X } from 'lucide-react';
import type { Ref } from 'react';
import { copy } from '@reframe/shared';

/** The phone-width menu button of the public top bar and the app shell. */
export function MenuToggle({
  open,
  controls,
  onToggle,
  className,
  ref,
}: {
  open: boolean;
  /** The id of the menu it opens. */
  controls: string;
  onToggle: () => void;
  className?: string;
  ref?: Ref<HTMLButtonElement>;
}) {
  const Icon = open ? X : Menu;
  return (
    <button
      ref={ref}
      type="button"
      className={clsx(
        'inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100',
        className,
      )}
      aria-expanded={open}
      aria-controls={controls}
      aria-label={open ? copy.topBar.closeMenu : copy.topBar.openMenu}
      onClick={onToggle}
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}
