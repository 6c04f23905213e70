import clsx from 'clsx';
import { Link, type LinkProps } from 'react-router';

export function TextLink({ className, ...rest }: LinkProps) {
  return (
    <Link
      className={clsx(
        'rounded-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline',
        className,
      )}
      {...rest}
    />
  );
}
