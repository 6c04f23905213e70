interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  subtitle?: string;
}

/** The eyebrow, title and subtitle every landing section opens with; the title labels the section. */
export function SectionHeading({ id, eyebrow, title, subtitle }: SectionHeadingProps) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
      <h2
        id={id}
        className="mt-3 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
      >
        {title}
      </h2>
      {subtitle && <p className="mt-4 text-lg leading-8 text-pretty text-slate-600">{subtitle}</p>}
    </div>
  );
}
