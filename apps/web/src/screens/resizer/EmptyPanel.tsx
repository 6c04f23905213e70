import { copy } from '@reframe/shared';

/** The right-hand panel before an image is chosen: a frame sketch and the brief's sentence. */
export function EmptyPanel() {
  return (
    <div className="flex min-h-80 flex-col items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-white/60 px-6 py-14 text-center lg:min-h-[520px]">
      <svg viewBox="0 0 120 80" aria-hidden="true" className="h-20 w-32 text-slate-300">
        <rect
          x="2"
          y="2"
          width="116"
          height="76"
          rx="8"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeDasharray="6 5"
        />
        <rect
          x="36"
          y="18"
          width="48"
          height="44"
          rx="5"
          className="fill-brand-100 stroke-brand-400"
          strokeWidth="2"
        />
        <path d="M42 54l11-13 8 9 6-6 11 10z" className="fill-brand-300" />
        <circle cx="71" cy="29" r="4" className="fill-brand-300" />
      </svg>
      <p className="mt-5 max-w-xs text-sm font-medium text-slate-600">{copy.resizer.emptyPanel}</p>
    </div>
  );
}
