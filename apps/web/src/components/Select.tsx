import clsx from 'clsx';
import { ChevronDown } from 'lucide-react';
import type { SelectHTMLAttributes } from 'react';

/** A native select drawn like the text fields, with its own chevron; `sm` fits a table row. */
export function Select({
  size = 'md',
  className,
  ...rest
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> & { size?: 'sm' | 'md' }) {
  return (
    <span className={clsx('relative inline-flex', className)}>
      <select
        className={clsx(
          'w-full appearance-none rounded-lg border border-slate-300 bg-white pr-9 text-slate-900 shadow-xs transition-colors hover:border-slate-400 focus:border-brand-600 focus:ring-3 focus:ring-brand-600/15 focus:outline-none disabled:opacity-60',
          size === 'sm' ? 'h-9 pl-3 text-sm' : 'h-11 pl-3.5 text-[15px]',
        )}
        {...rest}
      />
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
      />
    </span>
  );
}
