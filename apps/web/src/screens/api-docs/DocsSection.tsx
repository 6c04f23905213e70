import type { ReactNode } from 'react';

/** One titled part of the docs page, an anchor the contents list links to. */
export function DocsSection({
  id,
  heading,
  children,
}: {
  id: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="min-w-0 scroll-mt-24 pt-12">
      <h2 id={`${id}-heading`} className="text-2xl font-semibold tracking-tight text-slate-900">
        {heading}
      </h2>
      {children}
    </section>
  );
}

export function Paragraphs({ items }: { items: readonly string[] }) {
  return items.map((paragraph) => (
    <p key={paragraph} className="mt-4 text-base leading-7 text-slate-700">
      {paragraph}
    </p>
  ));
}

export function Step({ children }: { children: ReactNode }) {
  return <p className="mt-6 text-base leading-7 text-slate-700">{children}</p>;
}
