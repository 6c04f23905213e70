import { copy } from '@reframe/shared';
import coffee from './assets/coffee.jpg';

/**
 * Before/after: the original 3:2 photo, and the same photo reframed to 16:9, its added sides
 * drawn from the photo itself so the subject stays untouched.
 */
export function HeroIllustration() {
  return (
    <div className="relative mx-auto grid w-full max-w-xl gap-4 sm:grid-cols-[2fr_3fr] sm:items-end">
      <figure className="rounded-2xl border border-slate-200 bg-white p-2 shadow-sm">
        <img
          src={coffee}
          alt={copy.landing.heroBeforeAlt}
          width={600}
          height={400}
          className="aspect-[3/2] w-full rounded-xl object-cover"
        />
        <figcaption className="px-1 pt-2 pb-1 text-xs font-medium text-slate-600">
          {copy.landing.heroBefore}
        </figcaption>
      </figure>
      <figure className="rounded-2xl border border-slate-200 bg-white p-2 shadow-xl shadow-brand-900/10">
        <div className="relative aspect-video overflow-hidden rounded-xl">
          <img
            src={coffee}
            alt=""
            aria-hidden="true"
            className="absolute inset-0 size-full scale-125 object-cover blur-xl saturate-125"
          />
          <img
            src={coffee}
            alt={copy.landing.heroAfterAlt}
            width={600}
            height={400}
            className="absolute inset-y-0 left-1/2 h-full -translate-x-1/2 [mask-image:linear-gradient(to_right,transparent,black_12%,black_88%,transparent)]"
          />
          <span
            aria-hidden="true"
            className="absolute inset-y-2 left-1/2 aspect-[3/2] -translate-x-1/2 rounded-md border-2 border-dashed border-white/80"
          />
        </div>
        <figcaption className="flex items-center justify-between px-1 pt-2 pb-1 text-xs font-medium text-slate-600">
          <span>{copy.landing.heroAfter}</span>
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-brand-700">16:9</span>
        </figcaption>
      </figure>
    </div>
  );
}
