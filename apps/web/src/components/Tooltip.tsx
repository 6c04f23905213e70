import { useId, type ReactElement, type ReactNode } from 'react';

const widths = {
  text: 'w-max max-w-[min(14rem,calc(100vw-2rem))]',
  control: 'right-0',
} as const;

/**
 * A text shown on hover and keyboard focus of the wrapped control. The wrapper takes the hover,
 * so it also works for a disabled button, and the text is its accessible description. It opens
 * below the control from its start edge, so on a phone it neither leaves the screen nor covers
 * what sits above the control. Until then it takes no room: a hidden tooltip that reached past the
 * screen's edge (a bulk tile's, in the right column on a phone) made the whole page scroll sideways.
 * Under a narrow control with room only beside it (a bulk tile's button), `width="control"` keeps
 * it as wide as the control, its text wrapping, so it does not reach past the control's card.
 */
export function Tooltip({
  text,
  children,
  className,
  width = 'text',
}: {
  className?: string;
  /** 'text': as wide as its text, up to 14rem; 'control': as wide as the wrapped control. */
  width?: 'text' | 'control';
  /** Nothing to say: the child renders alone. */
  text: string | null;
  children: (describedBy: string | undefined) => ReactElement;
}): ReactNode {
  const id = useId();
  if (!text) return children(undefined);
  return (
    <span className={`group relative inline-flex ${className ?? ''}`} tabIndex={-1}>
      {children(id)}
      <span
        id={id}
        role="tooltip"
        className={`pointer-events-none absolute top-full left-0 z-20 mt-2 ${widths[width]} rounded-md bg-slate-900 px-2.5 py-1.5 text-left text-xs font-medium text-white hidden shadow-lg group-focus-within:block group-hover:block`}
      >
        {text}
      </span>
    </span>
  );
}
