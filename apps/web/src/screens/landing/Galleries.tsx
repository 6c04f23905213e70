import clsx from 'clsx';
import { useId } from 'react';
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

/**
 * The brief's four galleries as WAI-ARIA tabs, every panel in the page and all but the first
 * hidden (their images load lazily, when shown): islands/tabs.ts switches them.
 */
export function Galleries() {
  const baseId = useId();
  const tabId = (id: GalleryId) => `${baseId}-tab-${id}`;
  const panelId = (id: GalleryId) => `${baseId}-panel-${id}`;
  const first = galleries[0]?.id;
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
          className="mt-12 flex flex-wrap justify-center gap-2"
        >
          {galleries.map((gallery) => (
            <button
              key={gallery.id}
              id={tabId(gallery.id)}
              type="button"
              role="tab"
              aria-selected={gallery.id === first}
              aria-controls={panelId(gallery.id)}
              tabIndex={gallery.id === first ? 0 : -1}
              className="rounded-full px-4 py-2 text-sm font-semibold transition-colors aria-selected:bg-slate-900 aria-selected:text-white aria-selected:shadow-sm not-aria-selected:bg-white not-aria-selected:text-slate-700 not-aria-selected:ring-1 not-aria-selected:ring-slate-200 not-aria-selected:hover:bg-slate-100 not-aria-selected:hover:text-slate-900"
            >
              {copy.landing.galleries[gallery.id]}
            </button>
          ))}
        </div>
        {galleries.map((gallery) => (
          <div
            key={gallery.id}
            role="tabpanel"
            id={panelId(gallery.id)}
            aria-labelledby={tabId(gallery.id)}
            hidden={gallery.id !== first}
            className="mt-10"
          >
            <GalleryPanel id={gallery.id} />
          </div>
        ))}
        <p className="mt-10 text-center text-xs text-slate-500">{copy.landing.photoCredits}</p>
      </div>
    </section>
  );
}
