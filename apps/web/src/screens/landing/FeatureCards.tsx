import { Clock, Layers, MousePointerClick, Wand2, type LucideIcon } from 'lucide-react';
import { copy } from '@reframe/shared';
import { SectionHeading } from './SectionHeading';

// In the brief's order: Auto-Fill Backgrounds, Multiple Formats Instantly, Save Time, Easy to Use.
const icons: readonly LucideIcon[] = [Wand2, Layers, Clock, MousePointerClick];

export function FeatureCards() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <SectionHeading
          id="features-title"
          eyebrow={copy.landing.featuresEyebrow}
          title={copy.landing.featuresTitle}
          subtitle={copy.landing.featuresSubtitle}
        />
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {copy.landing.features.map((feature, index) => {
            const Icon = icons[index] ?? Wand2;
            return (
              <li
                key={feature.title}
                className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm shadow-slate-900/5"
              >
                <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="mt-5 text-base font-semibold text-slate-900">{feature.title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{feature.body}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
