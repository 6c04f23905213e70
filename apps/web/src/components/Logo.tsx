import clsx from 'clsx';
import { copy } from '@reframe/shared';
import { Link } from 'react-router';

/** The mark: a frame's corners around a subject, the product in one glyph. */
function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path
        d="M9 12V9h3M20 9h3v3M23 20v3h-3M12 23H9v-3"
        fill="none"
        stroke="#fff"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="13" y="13" width="6" height="6" rx="1.5" fill="#fff" />
    </svg>
  );
}

export function Logo({ to = '/', className }: { to?: string; className?: string }) {
  return (
    <Link
      to={to}
      className={clsx('inline-flex items-center gap-2 rounded-md text-slate-900', className)}
    >
      <LogoMark className="size-8" />
      <span className="text-lg font-bold tracking-tight">{copy.product.wordmark}</span>
    </Link>
  );
}
