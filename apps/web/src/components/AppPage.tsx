import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title';

/** One page inside the app shell: its title, an optional lead sentence, then its content. */
export function AppPage({
  title,
  lead,
  children,
  wide = false,
}: {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  /** For two-column work screens (the resizer, the history grid). */
  wide?: boolean;
}) {
  useDocumentTitle(title);
  return (
    <main
      className={`mx-auto w-full px-5 py-8 sm:px-10 sm:py-12 ${wide ? 'max-w-7xl' : 'max-w-5xl'}`}
    >
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      {lead && <p className="mt-2 max-w-2xl text-[15px] leading-6 text-slate-600">{lead}</p>}
      {children && <div className="mt-8">{children}</div>}
    </main>
  );
}
