import clsx from 'clsx';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { copy } from '@reframe/shared';
import { BeforeAfterSlider } from './BeforeAfterSlider';
import { getExample } from './example-images';
import { galleries, type GalleryId } from './gallery-catalogue';
import { breakpoints, column, fixed, narrowest, sectionContent } from './image-sizes';
import { SectionHeading } from './SectionHeading';
import { TrimmedOriginal } from './TrimmedOriginal';

/** No example is drawn taller than this, so a square or portrait one stays on screen. */
const MAX_HEIGHT_PX = 520;

/** A pair of examples sits side by side from `md` (`md:grid-cols-2 gap-6`). */
const pairColumn = column(sectionContent, { from: breakpoints.md, share: 0.5, gap: 24 });

const nextIndex: Record<string, (current: number, count: number) => number> = {
  ArrowRight: (current, count) => (current + 1) % count,
  ArrowLeft: (current, count) => (current - 1 + count) % count,
  Home: () => 0,
  End: (_current, count) => count - 1,
};

function GalleryPanel({ id }: { id: GalleryId }) {
  const gallery = galleries.find((candidate) => candidate.id === id) ?? galleries[0];
  const pair = (gallery?.examples.length ?? 0) > 1;
  return (
    <div className={clsx('grid items-start gap-6', pair && 'md:grid-cols-2')}>
      {gallery?.examples.map(({ id: exampleId, subject }) => {
        const example = getExample(exampleId);
        const maxWidth = Math.round((MAX_HEIGHT_PX * example.result.width) / example.result.height);
        return (
          <figure key={exampleId} className="mx-auto w-full" style={{ maxWidth }}>
            <BeforeAfterSlider
              example={example}
              subject={copy.landing.examples[subject]}
              layout={narrowest(pair ? pairColumn : sectionContent, [
                { minWidth: 0, width: fixed(maxWidth) },
              ])}
              className="shadow-xl shadow-slate-900/10 ring-1 ring-slate-900/5"
            />
            <figcaption className="mt-3 text-center text-sm text-slate-600">
              {copy.landing.exampleCaption(example.sourceRatio, example.ratio)}
              <TrimmedOriginal example={example} />
            </figcaption>
          </figure>
        );
      })}
    </div>
  );
}

export function Galleries() {
  const [selected, setSelected] = useState<GalleryId>('abstract');
  const baseId = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const move = nextIndex[event.key];
    if (!move) return;
    event.preventDefault();
    const index = move(
      galleries.findIndex((gallery) => gallery.id === selected),
      galleries.length,
    );
    const gallery = galleries[index];
    if (!gallery) return;
    setSelected(gallery.id);
    tabs.current[index]?.focus();
  }

  return (
    <section
      id="examples"
      aria-labelledby="examples-title"
      className="scroll-mt-20 bg-slate-50 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <SectionHeading
          id="examples-title"
          eyebrow={copy.landing.galleriesEyebrow}
          title={copy.landing.galleriesTitle}
          subtitle={copy.landing.galleriesSubtitle}
        />
        <div
          role="tablist"
          aria-label={copy.landing.galleriesLabel}
          onKeyDown={onKeyDown}
          className="mt-12 flex flex-wrap justify-center gap-2"
        >
          {galleries.map((gallery, index) => {
            const isSelected = gallery.id === selected;
            return (
              <button
                key={gallery.id}
                ref={(element) => {
                  tabs.current[index] = element;
                }}
                id={`${baseId}-tab-${gallery.id}`}
                type="button"
                role="tab"
                aria-selected={isSelected}
                aria-controls={`${baseId}-panel`}
                tabIndex={isSelected ? 0 : -1}
                onClick={() => setSelected(gallery.id)}
                className={clsx(
                  'rounded-full px-4 py-2 text-sm font-semibold transition-colors',
                  isSelected
                    ? 'bg-slate-900 text-white shadow-sm'
                    : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100 hover:text-slate-900',
                )}
              >
                {copy.landing.galleries[gallery.id]}
              </button>
            );
          })}
        </div>
        <div
          role="tabpanel"
          id={`${baseId}-panel`}
          aria-labelledby={`${baseId}-tab-${selected}`}
          className="mt-10"
        >
          <GalleryPanel id={selected} />
        </div>
        <p className="mt-10 text-center text-xs text-slate-500">{copy.landing.photoCredits}</p>
      </div>
    </section>
  );
}
