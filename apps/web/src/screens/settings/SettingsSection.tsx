import type { ReactNode } from 'react';
import { Card } from '../../components/Card';

/** One settings group: its title and explanation on the left, its form in a card on the right. */
export function SettingsSection({
  title,
  description,
  children,
  headingId,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  headingId: string;
}) {
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-4 border-b border-slate-200 py-8 first:pt-0 last:border-b-0 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] md:gap-10"
    >
      <div>
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm leading-6 text-slate-600">{description}</p>}
      </div>
      <Card className="p-5 sm:p-6">{children}</Card>
    </section>
  );
}
