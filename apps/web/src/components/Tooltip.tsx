import { useId, type ReactElement, type ReactNode } from 'react';

/**
 * A text shown on hover and keyboard focus of the wrapped control. The wrapper takes the hover,
 * so it also works for a disabled button, and the text is its accessible description.
 */
export function Tooltip({
  text,
  children,
  className,
}: {
  className?: string;
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
        className="pointer-events-none absolute bottom-full left-1/2 z-20 mb-2 w-max max-w-56 -translate-x-1/2 rounded-md bg-slate-900 px-2.5 py-1.5 text-center text-xs font-medium text-white opacity-0 shadow-lg transition-opacity group-focus-within:opacity-100 group-hover:opacity-100"
      >
        {text}
      </span>
    </span>
  );
}
