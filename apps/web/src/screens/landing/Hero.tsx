import { ArrowRight, Check } from 'lucide-react';
import { copy } from '@reframe/shared';
import { useAuth } from '../../auth/use-auth';
import { ButtonLink } from '../../components/Button';
import { HeroIllustration } from './HeroIllustration';

export function Hero() {
  const { currentUser } = useAuth();
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[560px] bg-[radial-gradient(60%_60%_at_50%_0%,var(--color-brand-100),transparent)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-5 pt-32 pb-20 sm:px-8 lg:grid-cols-[1.05fr_1fr] lg:gap-16 lg:pt-40 lg:pb-28">
        <div className="text-center lg:text-left">
          <p className="mb-5 inline-flex items-center rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm ring-1 ring-brand-200">
            {copy.landing.eyebrow}
          </p>
          <h1 className="text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-[3.5rem] lg:leading-[1.08]">
            {copy.landing.heroTitle}
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg leading-8 text-pretty text-slate-600 lg:mx-0">
            {copy.landing.heroSubtitle}
          </p>
          <div className="mt-9 flex flex-col items-center gap-4 sm:flex-row sm:justify-center lg:justify-start">
            <ButtonLink
              to={currentUser ? '/app' : '/signin'}
              size="lg"
              className="w-full sm:w-auto"
            >
              {copy.landing.tryForFree}
              <ArrowRight aria-hidden="true" className="size-4" />
            </ButtonLink>
            <p className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600">
              <Check aria-hidden="true" className="size-4 text-emerald-600" />
              {copy.landing.noCreditCard}
            </p>
          </div>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}
