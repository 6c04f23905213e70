import { ArrowRight, Check } from 'lucide-react';
import { copy } from '@reframe/shared';
import { ButtonLink } from '../../components/Button';
import { BeforeAfterSlider } from './BeforeAfterSlider';
import { getExample } from './example-images';
import { heroExampleId, heroLayout, heroSubject } from './hero-image';

const heroExample = getExample(heroExampleId);

export function Hero() {
  return (
    <section className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[640px] bg-[radial-gradient(60%_60%_at_50%_0%,var(--color-brand-100),transparent)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-5 pt-28 pb-16 sm:px-8 sm:pt-32 lg:grid-cols-[1fr_1.1fr] lg:gap-14 lg:pt-40 lg:pb-24">
        <div className="text-center lg:text-left">
          <p className="mb-5 inline-flex items-center rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm ring-1 ring-brand-200">
            {copy.landing.eyebrow}
          </p>
          <h1 className="text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-[3.4rem] lg:leading-[1.08]">
            {copy.landing.heroTitle}
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg leading-8 text-pretty text-slate-600 lg:mx-0">
            {copy.landing.heroSubtitle}
          </p>
          <div className="mt-9 flex flex-col items-center gap-4 sm:flex-row sm:justify-center lg:justify-start">
            <ButtonLink
              to="/signin"
              data-signed-in-href="/app"
              size="lg"
              className="w-full sm:w-auto"
              data-testid="hero-cta"
            >
              {copy.landing.tryForFree}
              <ArrowRight aria-hidden="true" className="size-4" />
            </ButtonLink>
            <p className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600">
              <Check aria-hidden="true" className="size-4 text-emerald-600" />
              {copy.landing.noCreditCard}
            </p>
          </div>
          <ul className="mt-10 hidden flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600 sm:flex sm:justify-center lg:justify-start">
            {copy.landing.highlights.map((highlight) => (
              <li key={highlight} className="inline-flex items-center gap-2">
                <span aria-hidden="true" className="size-1.5 rounded-full bg-brand-500" />
                {highlight}
              </li>
            ))}
          </ul>
        </div>
        {/*
          The caption comes first in the HTML and is drawn below (flex-col-reverse): the figure is
          centred beside the text, so on a busy device that paints the page before it has parsed
          all of it, a caption parsed after the first paint would grow the figure and move it.
        */}
        <figure className="flex flex-col-reverse rounded-2xl border border-slate-200 bg-white p-2 shadow-2xl shadow-brand-900/15">
          <figcaption className="flex items-center justify-between gap-3 px-2 pt-3 pb-1.5 text-xs font-medium text-slate-600">
            <span>{copy.landing.exampleCaption(heroExample.sourceRatio, heroExample.ratio)}</span>
            <span className="hidden text-slate-500 sm:inline">{copy.landing.compareHint}</span>
          </figcaption>
          <BeforeAfterSlider
            example={heroExample}
            subject={copy.landing.examples[heroSubject]}
            layout={heroLayout}
            priority
          />
        </figure>
      </div>
    </section>
  );
}
