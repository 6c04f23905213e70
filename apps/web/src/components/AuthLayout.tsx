import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title';
import { Card } from './Card';
import { Logo } from './Logo';

/** The auth screens: a centred card with the wordmark above it on a soft backdrop. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-brand-50/70 via-slate-50 to-slate-50 px-4 py-10 sm:justify-center sm:py-16">
      <Logo className="mb-8" />
      <main className="w-full max-w-[420px]">
        <Card className="px-6 py-8 sm:px-9 sm:py-10">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {subtitle && <div className="mt-2 text-[15px] leading-6 text-slate-600">{subtitle}</div>}
          <div className="mt-7">{children}</div>
        </Card>
        {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
      </main>
    </div>
  );
}
