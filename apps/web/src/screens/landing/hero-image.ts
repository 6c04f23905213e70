/** The hero's before/after example and how wide it is drawn; the build preloads the same image. */
export const heroExampleId = 'hero';

export const heroImageSizes =
  '(min-width: 1152px) 580px, (min-width: 1024px) 52vw, (min-width: 640px) 85vw, 92vw';
