import type { copy } from '@reframe/shared';
import { breakpoints, column, inset, sectionContent, sizesAttribute } from './image-sizes';

/** The hero's before/after example and how wide it is drawn; the build preloads the same image. */
export const heroExampleId = 'hero';

/** Which photo the hero example shows (its alt text); `npm run examples` picks the photo. */
export const heroSubject = 'hubble' satisfies keyof typeof copy.landing.examples;

/**
 * The hero's image: the whole section below `lg`, from there the wider column of the
 * `1fr 1.1fr` grid (`gap-14`), inside the figure's `p-2` and 1 px border.
 */
export const heroLayout = inset(
  column(sectionContent, { from: breakpoints.lg, share: 1.1 / 2.1, gap: 56 }),
  2 * (8 + 1),
);

export const heroImageSizes = sizesAttribute(heroLayout);
