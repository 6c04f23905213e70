import { ArrowRight } from 'lucide-react';
import { copy } from '@reframe/shared';
import { ButtonLink } from '../../components/Button';

export function FinalCta() {
  return (
    <section aria-labelledby="final-cta-title" className="px-5 py-20 sm:px-8 sm:py-24">
      <div className="relative isolate mx-auto max-w-6xl overflow-hidden rounded-3xl bg-brand-950 px-6 py-16 text-center shadow-2xl sm:px-16">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(70%_90%_at_50%_0%,var(--color-brand-700),transparent)]"
        />
        <h2
          id="final-cta-title"
          className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
        >
          {copy.landing.finalTitle}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-pretty text-brand-100">
          {copy.landing.finalSubtitle}
        </p>
        <div className="mt-9 flex flex-col items-center justify-center gap-4 sm:flex-row">
          <ButtonLink
            to="/signup"
            data-signed-in-href="/app"
            size="lg"
            variant="secondary"
            className="w-full sm:w-auto"
            data-testid="final-cta"
          >
            {copy.landing.getStartedForFree}
            <ArrowRight aria-hidden="true" className="size-4" />
          </ButtonLink>
          <p className="text-sm font-medium text-brand-100">{copy.landing.noCreditCard}</p>
        </div>
      </div>
    </section>
  );
}
